import { AgentExecution } from "../agent/agent-execution.js";
import { runExecutionGraph } from "../agent/graph.js";

export const COMPACTION_THRESHOLD_CHARS = 400_000;
const KEEP_TAIL = 8;

function contextSize(execution: AgentExecution): number {
  let n = 0;
  for (const m of execution.messages) n += m.text.length;
  return n;
}

/** Summarises an oversized context with a helper run and keeps the tail. */
export async function compactIfNeeded(execution: AgentExecution): Promise<boolean> {
  if (contextSize(execution) < COMPACTION_THRESHOLD_CHARS) return false;
  const head = execution.messages.slice(0, -KEEP_TAIL).filter((m) => m.steeringId === undefined);
  const compactor = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "context-compaction",
    skipHooks: true,
    history: [...head, { role: "user", text: "Summarise the conversation above in under 300 words." }],
  });
  try {
    await runExecutionGraph(compactor);
    execution.messages = [{ role: "system", text: `Summary of earlier conversation:\n${compactor.lastAssistantText()}` }, ...execution.messages.slice(-KEEP_TAIL)];
    return true;
  } finally {
    compactor.dispose();
  }
}
