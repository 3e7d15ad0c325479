import type { AgentExecution } from "../agent/execution";
import type { ContextMessage, ModelResponse } from "../model/types";

export const GraphNode = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOLS: "TOOLS",
  END: "__end__",
} as const;

export type GraphNodeName = (typeof GraphNode)[keyof typeof GraphNode];

export interface AgentGraphState {
  execution: AgentExecution;
  context: ContextMessage[];
  response?: ModelResponse;
  agentIterationNumber: number;
}

export type NodeHandler = (state: AgentGraphState) => Promise<AgentGraphState>;
export type EdgeRouter = (state: AgentGraphState) => GraphNodeName;
