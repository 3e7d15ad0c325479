import type { AgentExecution } from "../agent/execution";
import type { AgentGraphState } from "../graph/nodes";
import type { SteeringMessage, SteeringOrigin } from "../steering/types";
import type { ToolCall } from "../model/types";

/** What tools may ask of the session that runs them. */
export interface ToolHost {
  steer(text: string, origin?: SteeringOrigin): SteeringMessage;
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
}

export interface ToolContext {
  state: AgentGraphState;
  host: ToolHost;
}

export interface ToolResult {
  text: string;
}

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  execute(call: ToolCall, ctx: ToolContext): Promise<ToolResult>;
}

export class ToolRegistry {
  #tools = new Map<string, ToolDefinition>();

  register(...tools: ToolDefinition[]): this {
    for (const tool of tools) {
      if (this.#tools.has(tool.name)) throw new Error(`duplicate tool ${tool.name}`);
      this.#tools.set(tool.name, tool);
    }
    return this;
  }

  names(): string[] {
    return [...this.#tools.keys()];
  }

  async execute(call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
    const tool = this.#tools.get(call.name);
    if (!tool) return { text: `unknown tool ${call.name}` };
    return tool.execute(call, ctx);
  }
}
