import type { AgentExecution } from "../agent/agent-execution";
import type { ContextMessage, ModelResponse } from "../agent/types";

export const MODEL_INVOKE = "MODEL_INVOKE";
export const TOOL_EXECUTION = "TOOL_EXECUTION";
export const TURN_END = "__end__";

export type GraphNode = typeof MODEL_INVOKE | typeof TOOL_EXECUTION | typeof TURN_END;

export interface TurnState {
  readonly execution: AgentExecution;
  readonly context: ContextMessage[];
  readonly response: ModelResponse | undefined;
  readonly agentIterationNumber: number;
}
