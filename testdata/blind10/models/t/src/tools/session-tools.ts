import type { ToolDefinition } from "./tool-registry";

// Tools the ACP replay client and workflow steps use to talk to the running session.

export const relayUserMessageTool: ToolDefinition = {
  name: "user_steer",
  description: "Relay a message the user typed in the client while the agent is working.",
  async execute(call, { host }) {
    const text = typeof call.text === "string" ? call.text : String(call.input?.text ?? "");
    host.steer(text, "user");
    return "queued for the agent";
  },
};

export const workflowNotifyTool: ToolDefinition = {
  name: "notify",
  description: "Post a workflow notification to the session (informational, no reply expected).",
  async execute(call, { host }) {
    const text = typeof call.text === "string" ? call.text : String(call.input?.text ?? "");
    host.steer(text, "workflow");
    return "notification posted";
  },
};
