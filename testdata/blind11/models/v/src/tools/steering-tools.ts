import type { ToolCall } from "../execution/types";
import type { Tool, ToolContext } from "./registry";

/** Relays text into the session's steering channel as if the user had typed it. */
export const userSteerTool: Tool = {
  name: "user_steer",
  async execute(call: ToolCall, { session }: ToolContext): Promise<string> {
    const message = session.steer(call.text ?? "");
    return `queued ${message.id}`;
  },
};

/** Posts a workflow notification (informational) into the steering channel. */
export const notifyTool: Tool = {
  name: "notify",
  async execute(call: ToolCall, { session }: ToolContext): Promise<string> {
    const message = session.steer(call.text ?? "", "workflow");
    return `notified ${message.id}`;
  },
};
