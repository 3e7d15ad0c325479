import { AgentExecution, type AgentExecutionConfig } from "../agent/execution";
import { runExecution, type ExecutionState } from "../graph/nodes";
import { recordSpan } from "../telemetry/spans";

export const MAX_SUB_AGENT_DEPTH = 4;

export interface InvokeSubAgentInput {
  agentName: string;
  prompt?: string;
}

// A sub-agent runs on its parent's session services, one level deeper.
export function subExecutionConfig(parent: AgentExecution, depth: number, agentName: string): AgentExecutionConfig {
  return {
    agentName,
    promptContext: parent.promptContext,
    sessionServices: parent.sessionServices,
    subExecutionDepth: depth + 1,
    signal: parent.abortController.signal,
  };
}

export async function invokeSubAgent(state: ExecutionState, input: InvokeSubAgentInput): Promise<{ agent: string; turns: number }> {
  let subagentId = input.agentName;
  let currentDepth = state.execution.subExecutionDepth;
  if (currentDepth >= MAX_SUB_AGENT_DEPTH) {
    throw new Error(`sub-agent depth limit ${MAX_SUB_AGENT_DEPTH} reached`);
  }
  let subAgentExecution = new AgentExecution(subExecutionConfig(state.execution, currentDepth, subagentId));
  recordSpan("sub-agent", { subExecutionDepth: currentDepth + 1, agentName: subagentId });
  let result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
}
