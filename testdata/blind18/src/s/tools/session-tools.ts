import type { ToolCall } from "../execution/types.js";
import type { Tool, ToolContext } from "./registry.js";

/** Relays a steer that a companion client typed into the session (IDE side panel). */
export class RelaySteerTool implements Tool {
  readonly name = "user_steer";
  readonly description = "Relay a user steer typed into a companion client.";
  async execute(call: ToolCall, context: ToolContext): Promise<string> {
    const message = context.execution.sessionServices.session.steer(String(call.text ?? ""), "user");
    return `queued ${message.id}`;
  }
}

/** Posts a workflow notification (task finished, spec step done, …) to the session. */
export class NotifyTool implements Tool {
  readonly name = "notify";
  readonly description = "Post an informational workflow notification.";
  async execute(call: ToolCall, context: ToolContext): Promise<string> {
    const message = context.execution.sessionServices.session.steer(String(call.text ?? ""), "workflow");
    return `posted ${message.id}`;
  }
}
