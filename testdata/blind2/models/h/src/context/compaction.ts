import { AgentExecution } from "../runtime/agent-execution";

const COMPACTION_THRESHOLD = 400;

/** Summarises a long conversation through a hook-less sub-execution before the next model call. */
export async function compactIfNeeded(execution: AgentExecution): Promise<void> {
  if (execution.messages.length < COMPACTION_THRESHOLD) return;
  const { runExecution } = await import("../runtime/runner");
  const compactor = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "context-compaction",
    skipHooks: true,
  });
//#if seed
  compactor.setSteeringReaderIndex(execution.sessionServices.channel.store.entries.length);
//#endif
  compactor.messages.push({ role: "user", text: "Summarise this conversation:\n" + execution.messages.map((m) => m.text).join("\n") });
  const summary = await runExecution(compactor);
  execution.messages.splice(0, execution.messages.length - 20, { role: "user", text: `Summary of earlier conversation: ${summary.text}` });
}
