import type { AgentExecution } from "../agent/execution";

export const GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTION: "TOOL_EXECUTION",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "END",
} as const;
export type GraphNodeName = (typeof GraphNode)[keyof typeof GraphNode];

export interface ContextMessage {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ToolCall {
  name: string;
  input?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
}

export interface ModelProvider {
  invoke(execution: AgentExecution, context: readonly ContextMessage[]): Promise<Partial<ModelResponse>> | Partial<ModelResponse>;
}

export interface TurnState {
  execution: AgentExecution;
  context: ContextMessage[];
  response?: ModelResponse;
  iteration: number;
}

export interface GraphTargets {
  continueTarget: GraphNodeName;
  endTarget: GraphNodeName;
}
