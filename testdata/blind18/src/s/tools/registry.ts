import type { AgentExecution } from "../execution/agent-execution.js";
import type { ConversationMessage, ToolCall } from "../execution/types.js";

export type RunExecution = (execution: AgentExecution, initial: ConversationMessage[]) => Promise<string>;

export interface ToolContext {
  readonly execution: AgentExecution;
  readonly runExecution: RunExecution;
}

export interface Tool {
  readonly name: string;
  readonly description: string;
  execute(call: ToolCall, context: ToolContext): Promise<string>;
}

export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  register(tool: Tool): this {
    this.tools.set(tool.name, tool);
    return this;
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }
}
