import type { AgentExecution } from "../agent/execution";

export interface ContextMessage {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCall {
  name: string;
  input?: Record<string, unknown>;
  text?: string;
  [key: string]: unknown;
}

export interface ModelResponse {
  text?: string;
  toolCalls?: ToolCall[];
}

/** The conversation model as the runtime sees it (a Bedrock / CodeWhisperer client in production). */
export interface ChatModel {
  invoke(execution: AgentExecution, context: ContextMessage[]): Promise<ModelResponse>;
}

export class ModelSettleError extends Error {
  constructor(message: string, readonly cause?: unknown) {
    super(message);
    this.name = "ModelSettleError";
  }
}
