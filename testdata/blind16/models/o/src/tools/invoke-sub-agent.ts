import { log } from "../common/log";
import type { AgentExecution } from "../agent/agent-execution";
import type { GraphState } from "../graph/agent-graph";

const MAX_SUB_AGENT_DEPTH = 4;

export type RunExecution = (execution: AgentExecution, prompt: string) => Promise<string>;

export interface InvokeSubAgentInput {
  subagentId: string;
  prompt: string;
}

export async function invokeSubAgent(state: GraphState, input: InvokeSubAgentInput, run: RunExecution): Promise<string> {
  const parent = state.execution;
  if (parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) {
    log.warn(`[SubAgent] depth limit ${MAX_SUB_AGENT_DEPTH} reached, not starting ${input.subagentId}`);
    return `Error: sub-agent nesting is limited to ${MAX_SUB_AGENT_DEPTH} levels`;
  }
  const child = parent.spawnSubExecution(input.subagentId);
  log.info(`[SubAgent] ${parent.agentName} (${parent.executionId.slice(0, 8)}) started ${child.agentName} (${child.executionId.slice(0, 8)})`);
  try {
    return await run(child, input.prompt);
  } finally {
    // The sub-agent's result is back: whatever steering it was shown now counts as handled by it.
    const buffer = parent.sessionServices.steeringBuffer;
    for (const id of child.receivedSteeringIds) buffer.acknowledge(id, child.executionId);
  }
}
