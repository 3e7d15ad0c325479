import type { ToolSpec } from "./registry.js";

// Tools that feed the live-steering buffer from inside a run: a relayed user
// steer (the IDE's "send while running" box) and a workflow notification.
export const userSteerTool: ToolSpec = {
  name: "user_steer",
  description: "Relay a message the user typed while the agent runs.",
  run(call, execution) {
    const message = execution.sessionServices.session.steer(String(call.text ?? ""), "user");
    return `queued ${message.id}`;
  },
};

export const notifyTool: ToolSpec = {
  name: "notify",
  description: "Post a workflow notification to every running agent.",
  run(call, execution) {
    const message = execution.sessionServices.session.steer(String(call.text ?? ""), "workflow");
    return `posted ${message.id}`;
  },
};
