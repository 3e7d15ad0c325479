import type { ToolSpec } from "./registry";

/** Lets a workflow (or a test driver) push a user steer into the session's buffer. */
export const userSteerTool: ToolSpec = {
  name: "user_steer",
  description: "Queue a steering message as if the user had typed it.",
  async execute(input, context) {
    const message = context.session.steer(String(input.text ?? ""), "user");
    return { content: `queued ${message.id}` };
  },
};

/** Workflow notifications travel through the same buffer with their own kind. */
export const notifyTool: ToolSpec = {
  name: "notify",
  description: "Post a workflow notification to every agent of the session.",
  async execute(input, context) {
    const message = context.session.steer(String(input.text ?? ""), "workflow");
    return { content: `posted ${message.id}` };
  },
};
