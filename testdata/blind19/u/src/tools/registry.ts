import type { GraphState } from "../graph/state";
import type { ToolCall } from "../core/services";

export interface Tool {
  readonly name: string;
  execute(call: ToolCall, state: GraphState): Promise<string>;
}

export class ToolRegistry {
  #tools = new Map<string, Tool>();

  add(tool: Tool): this {
    this.#tools.set(tool.name, tool);
    return this;
  }

  async execute(call: ToolCall, state: GraphState): Promise<string> {
    const tool = this.#tools.get(call.name);
    if (!tool) return `unknown tool ${call.name}`;
    return tool.execute(call, state);
  }
}

// Tools the scripted clients use to type steering and to raise workflow notifications.
export class UserSteerTool implements Tool {
  readonly name = "user_steer";
  async execute(call: ToolCall, state: GraphState): Promise<string> {
    const message = state.execution.sessionServices.host.steer(call.text ?? "", "user");
    return `queued ${message.id}`;
  }
}

export class NotifyTool implements Tool {
  readonly name = "notify";
  async execute(call: ToolCall, state: GraphState): Promise<string> {
    const message = state.execution.sessionServices.host.steer(call.text ?? "", "workflow");
    return `notified ${message.id}`;
  }
}
