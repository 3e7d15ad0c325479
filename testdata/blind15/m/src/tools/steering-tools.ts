import type { ToolDefinition } from "./registry";

// Tools that post into the session's steering buffer. `user_steer` is what the
// scripted e2e client uses to type a steer; `notify` is how workflows report progress.

export const userSteerTool: ToolDefinition = {
  name: "user_steer",
  description: "Queue a steering message as if the user had typed it.",
  async execute(call, { host }) {
    const message = host.steer(String(call.text ?? call.input?.text ?? ""), "user");
    return { text: `queued ${message.id}` };
  },
};

export const notifyTool: ToolDefinition = {
  name: "notify",
  description: "Post a workflow notification to every active agent.",
  async execute(call, { host }) {
    const message = host.steer(String(call.text ?? call.input?.text ?? ""), "workflow");
    return { text: `posted ${message.id}` };
  },
};
