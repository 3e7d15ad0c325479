import type { AgentExecution } from "../agent/agent-execution";

export interface ContextEntry {
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

export interface ModelClient {
  invoke(execution: AgentExecution, context: ContextEntry[]): Promise<ModelResponse>;
}

export interface GraphState {
  execution: AgentExecution;
  context: ContextEntry[];
  response?: ModelResponse;
  iteration: number;
}

export const GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTE: "TOOL_EXECUTE",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "END",
} as const;

export type GraphNodeName = (typeof GraphNode)[keyof typeof GraphNode];

export interface RouteTargets {
  continueTarget: GraphNodeName;
  terminationTarget: GraphNodeName;
}
