import type { AgentExecution } from "../core/execution";
import type { SteeringEntry, SteeringSource } from "../steering/steering-queue";

/** The session as seen by code running inside one of its executions. */
export interface ExecutionHost {
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
  steer(text: string, origin?: SteeringSource): SteeringEntry;
  handleModelSettleFailure(execution: AgentExecution, cause: unknown): void;
}

export interface ToolInvocation {
  readonly execution: AgentExecution;
  readonly host: ExecutionHost;
}

export interface ToolResult {
  ok: boolean;
  output: string;
}
