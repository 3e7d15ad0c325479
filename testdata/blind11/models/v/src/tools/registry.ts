import type { AgentExecution } from "../execution/agent-execution";
import type { ToolCall } from "../execution/types";
import type { SteeringMessage, SteeringOrigin } from "../steering/steering-buffer";

export interface ExecutionRunner {
  run(execution: AgentExecution, prompt: string): Promise<string>;
}

/** The part of the session that tools may use. */
export interface SessionHandle {
  steer(text: string, origin?: SteeringOrigin): SteeringMessage;
}

export interface ToolContext {
  execution: AgentExecution;
  runner: ExecutionRunner;
  session: SessionHandle;
}

export interface Tool {
  readonly name: string;
  execute(call: ToolCall, context: ToolContext): Promise<string>;
}

export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  register(...tools: Tool[]): this {
    for (const tool of tools) this.tools.set(tool.name, tool);
    return this;
  }

  resolve(name: string): Tool | undefined {
    return this.tools.get(name);
  }
}
