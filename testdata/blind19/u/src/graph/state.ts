import type { AgentExecution } from "../execution/agent-execution";
import type { ModelResponse } from "../core/services";

export const enum NodeId {
  ModelInvoke = "MODEL_INVOKE",
  ToolExecute = "TOOL_EXECUTE",
  FinalResponse = "FINAL_RESPONSE",
  End = "END",
}

export interface GraphState {
  execution: AgentExecution;
  lastResponse?: ModelResponse;
  steps: number;
}
