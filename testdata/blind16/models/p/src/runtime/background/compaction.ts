import { AgentExecution } from "../execution";
import { logInfo } from "../logger";
import type { ContextItem, RunExecution } from "../types";
import { inheritedExecutionConfig } from "./spawn-config";

export const COMPACTION_THRESHOLD = 400;
const KEEP_RECENT = 20;

/** Summarise an over-long transcript with a short-lived summariser sub-execution. */
export async function compactTranscript(exec: AgentExecution, transcript: ContextItem[], run: RunExecution): Promise<ContextItem[]> {
  const older = transcript.slice(0, -KEEP_RECENT);
  const summarizer = new AgentExecution({
    ...inheritedExecutionConfig(exec),
    subExecutionDepth: exec.subExecutionDepth + 1,
    agentName: "context-summarizer",
    skipHooks: true,
  });
  const summary = await run(summarizer, `Summarise this conversation so far:\n${older.map((item) => `${item.role}: ${item.text}`).join("\n")}`);
  logInfo(`[Compaction] ${exec.agentName}: ${older.length} items summarised`);
  return [{ role: "user", text: `Summary of the earlier conversation: ${summary}` }, ...transcript.slice(-KEEP_RECENT)];
}
