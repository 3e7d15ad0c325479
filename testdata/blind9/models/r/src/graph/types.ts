import type { AgentExecution } from "../agent/execution";

export interface ContextMessage {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCall {
  name: string;
  input?: Record<string, unknown>;
  text?: string;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
}

export interface ModelClient {
  invoke(execution: AgentExecution, context: ContextMessage[]): Promise<unknown>;
}

export interface GraphState {
  readonly execution: AgentExecution;
  context: ContextMessage[];
  response?: ModelResponse;
  agentIterationNumber: number;
  steps: number;
}

export type NodeName = "MODEL_INVOKE" | "TOOL_EXECUTION" | "FINAL_RESPONSE" | "END";

export interface GraphHost {
  steer(text: string, origin?: "user" | "workflow"): unknown;
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
}

export class ModelSettleError extends Error {
  constructor(message: string, readonly raw: unknown) {
    super(message);
  }
}
