import { AgentExecution } from "../execution";
import { logInfo, logWarn } from "../logger";
import type { RunExecution } from "../types";

const MAX_SUB_AGENT_DEPTH = 5;

export async function invokeSubAgent(parent: AgentExecution, subagentId: string, prompt: string, run: RunExecution): Promise<string> {
  const depth = parent.subExecutionDepth;
  if (depth >= MAX_SUB_AGENT_DEPTH) {
    logWarn(`[SubAgentTool] nesting depth limit (${MAX_SUB_AGENT_DEPTH}) exceeded, rejecting ${subagentId}`);
    return `Sub-agent nesting depth limit (${MAX_SUB_AGENT_DEPTH}) exceeded`;
  }
  const subAgentExecution = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: depth + 1,
    agentName: subagentId,
  });
  logInfo(`[SubAgentTool] ${parent.agentName} -> ${subagentId} (${subAgentExecution.executionId.slice(0, 8)})`);
  const answer = await run(subAgentExecution, prompt);
  return `${subagentId} finished: ${answer}`;
}
