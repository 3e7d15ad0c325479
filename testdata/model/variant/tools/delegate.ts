import { AgentExecution } from "../agent/execution";
import { runExecution, type ExecutionState } from "../graph/nodes";
import { recordSpan } from "../telemetry/spans";
import { MAX_SUB_AGENT_DEPTH } from "./invoke-sub-agent";

export interface DelegateInput {
  agentName: string;
  task?: string;
}

// Hands a task to a named delegate agent; a third spawn site of sub-executions.
export async function delegate(state: ExecutionState, input: DelegateInput): Promise<{ agent: string; turns: number }> {
  let parent = state.execution;
  let depth = parent.subExecutionDepth;
  if (depth >= MAX_SUB_AGENT_DEPTH) throw new Error(`delegate depth limit ${MAX_SUB_AGENT_DEPTH} reached`);
  let delegateExecution = new AgentExecution({
    signal: parent.abortController.signal,
    agentName: input.agentName,
    subExecutionDepth: depth + 1,
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
  });
  recordSpan("delegate", { agentName: input.agentName, subExecutionDepth: depth + 1 });
  let { turns } = await runExecution(delegateExecution);
  return { agent: input.agentName, turns };
}
