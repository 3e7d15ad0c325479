import { AgentExecution } from "../agent/agent-execution";
import { runExecutionGraph, type ExecutionState } from "../graph/execution-graph";
import { logger } from "../util/logger";

export const MAX_SUB_AGENT_DEPTH = 6;

const log = logger.child("subagent");

export interface ToolResult {
  readonly isError: boolean;
  readonly text: string;
}

export async function invokeSubAgent(state: ExecutionState, input: Record<string, unknown>): Promise<ToolResult> {
  const parent = state.execution;
  const agentName = String(input.agentName ?? "general");
  const currentDepth = parent.subExecutionDepth;
  if (currentDepth >= MAX_SUB_AGENT_DEPTH) return { isError: true, text: `sub-agent depth limit (${MAX_SUB_AGENT_DEPTH})` };
  const subAgentExecution = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName,
  });
  log.debug(`spawned ${agentName} at depth ${currentDepth + 1}`);
  const result = await runExecutionGraph(subAgentExecution);
  // The child's result is back: record what it handled, for the parent's prompt wording.
  const buffer = parent.sessionServices.steeringBuffer;
  for (const id of subAgentExecution.handledSteeringIds()) buffer.acknowledge(id, subAgentExecution.executionId);
  return { isError: false, text: `${agentName}: ${result.steps} step(s)` };
}
