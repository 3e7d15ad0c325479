import type { AgentExecution } from "../agent/agent-execution";
import type { ToolUse } from "../provider/model-provider";

export enum GraphNode {
  ModelInvoke = "MODEL_INVOKE",
  ToolExecution = "TOOL_EXECUTION",
  EndOfTurn = "END_OF_TURN",
  Done = "DONE",
}

export interface TurnGraphState {
  readonly execution: AgentExecution;
  node: GraphNode;
  pendingToolUse?: ToolUse;
  lastReply?: string;
  steps: number;
}
