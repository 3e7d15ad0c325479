import { AgentExecution } from "../agent/execution";
import { runExecution, type ExecutionState } from "../graph/nodes";
import { recordSpan } from "../telemetry/spans";

export const MAX_SUB_AGENT_DEPTH = 4;

export interface InvokeSubAgentInput {
  agentName: string;
  prompt?: string;
}

export async function invokeSubAgent(state: ExecutionState, input: InvokeSubAgentInput): Promise<{ agent: string; turns: number }> {
  const currentDepth = state.execution.subExecutionDepth;
  if (currentDepth >= MAX_SUB_AGENT_DEPTH) throw new Error(`sub-agent depth limit ${MAX_SUB_AGENT_DEPTH} reached`);
  const subagentId = input.agentName;
  const subAgentExecution = new AgentExecution({
    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
  const result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
}
