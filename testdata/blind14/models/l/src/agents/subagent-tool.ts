import { ComponentLogger } from "../core/logging";
import type { LoopDeps } from "../loop/agent-loop";
import type { AgentExecution } from "../runtime/agent-execution";

const log = new ComponentLogger("subagents");

export const SUBAGENT_DEPTH_LIMIT = 3;

export interface SubagentCall {
  subagentId: string;
  prompt: string;
}

/** invoke_sub_agent: runs one delegated task; several calls of one reply run side by side. */
export async function runSubagent(parent: AgentExecution, call: SubagentCall, deps: LoopDeps): Promise<string> {
  if (parent.subExecutionDepth >= SUBAGENT_DEPTH_LIMIT) {
    log.warn(`[SubAgentGraph] refusing ${call.subagentId}: depth limit ${SUBAGENT_DEPTH_LIMIT}`);
    return `error: sub-agent depth limit (${SUBAGENT_DEPTH_LIMIT}) reached`;
  }
  const { spawner, steeringInbox } = parent.sessionServices;
  const child = spawner.spawn(parent, { agentName: call.subagentId });
  try {
    const answer = await deps.run(child, call.prompt);
    // the child's answer comes back: it handled every steering entry it was handed
    for (const id of child.seenSteeringIds) steeringInbox.markHandled(id, child.executionId);
    return answer;
  } finally {
    spawner.release(child);
  }
}

export function runSubagentBatch(parent: AgentExecution, calls: SubagentCall[], deps: LoopDeps): Promise<string[]> {
  log.info(`[SubAgentGraph] ${parent.agentName} delegating to ${calls.map((c) => c.subagentId).join(", ")}`);
  return Promise.all(calls.map((call) => runSubagent(parent, call, deps)));
}
