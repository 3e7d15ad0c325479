import type { GraphState, ToolCall } from "../graph/state";
import type { Tool } from "./registry";

export interface SteeringSink {
  steer(text: string, origin?: "user" | "workflow" | "system"): { id: string };
}

/** Relays a message the client typed while a tool ran. */
export class UserSteerTool implements Tool {
  readonly name = "user_steer";
  constructor(private readonly sink: SteeringSink) {}
  async execute(call: ToolCall, _state: GraphState): Promise<string> {
    const { id } = this.sink.steer(call.text ?? "");
    return `queued ${id}`;
  }
}

/** Workflow notifications (hook results, background jobs) raised from inside a run. */
export class NotifyTool implements Tool {
  readonly name = "notify";
  constructor(private readonly sink: SteeringSink) {}
  async execute(call: ToolCall, _state: GraphState): Promise<string> {
    const { id } = this.sink.steer(call.text ?? "", "workflow");
    return `notified ${id}`;
  }
}
