import type { AgentExecution } from "../execution/agent-execution.js";
import type { ModelResponse } from "../execution/types.js";

export const GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTION: "TOOL_EXECUTION",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "__END__",
} as const;
export type GraphNodeId = (typeof GraphNode)[keyof typeof GraphNode];

export interface GraphState {
  readonly execution: AgentExecution;
  readonly response: ModelResponse | undefined;
  readonly modelCalls: number;
  readonly finalText: string;
}

export interface NodeResult {
  state: GraphState;
  next: GraphNodeId;
}
