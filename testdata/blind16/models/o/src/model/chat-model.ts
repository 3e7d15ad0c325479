import type { AgentExecution } from "../agent/agent-execution";

export interface ContextItem {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCall {
  name: string;
  text?: string;
  input?: Record<string, unknown>;
}

export interface ModelResponse {
  text?: string;
  toolCalls?: ToolCall[];
}

/** The model provider seam: one call per MODEL_INVOKE. */
export interface ChatModel {
  invoke(execution: AgentExecution, context: ContextItem[]): Promise<ModelResponse>;
}
