import type { AgentExecution } from "../agent/agent-execution";
import type { ToolCall } from "../agent/types";
import type { SteeringMessage, SteeringOrigin } from "../steering/steering-buffer";
import { logger } from "../util/logger";

/** What a running execution may ask of the session that hosts it. */
export interface ExecutionHost {
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
  steer(text: string, origin?: SteeringOrigin): SteeringMessage;
  onModelSettleFailure(execution: AgentExecution, error: unknown): void;
}

export interface ToolContext {
  readonly execution: AgentExecution;
  readonly host: ExecutionHost;
}

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  execute(call: ToolCall, context: ToolContext): Promise<string>;
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolDefinition>();

  register(...definitions: ToolDefinition[]): this {
    for (const definition of definitions) {
      if (this.tools.has(definition.name)) throw new Error(`tool ${definition.name} registered twice`);
      this.tools.set(definition.name, definition);
    }
    return this;
  }

  list(): string[] {
    return [...this.tools.keys()];
  }

  async execute(call: ToolCall, context: ToolContext): Promise<string> {
    const tool = this.tools.get(call.name);
    if (tool === undefined) {
      logger.warn(`[Tools] unknown tool ${call.name} requested by ${context.execution.agentName}`);
      return `Error: no tool named ${call.name}`;
    }
    try {
      return await tool.execute(call, context);
    } catch (err) {
      if (context.execution.abortController.signal.aborted) throw err;
      logger.warn(`[Tools] ${call.name} failed: ${err instanceof Error ? err.message : String(err)}`);
      return `Error: ${call.name} failed`;
    }
  }
}
