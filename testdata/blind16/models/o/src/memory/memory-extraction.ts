import { log } from "../common/log";
import type { AgentExecution } from "../agent/agent-execution";
import type { RunExecution } from "../tools/invoke-sub-agent";

const EXTRACTION_PROMPT =
  "Review the conversation of this turn and extract durable facts about the user, the project and their preferences worth remembering.";

/** Background pass after each turn; runs as a sub-execution of the turn's last root execution. */
export async function extractMemories(parent: AgentExecution, run: RunExecution): Promise<void> {
  const extractor = parent.spawnSubExecution("memory-extraction", { skipHooks: true });
  try {
    await run(extractor, EXTRACTION_PROMPT);
  } catch (error) {
    log.warn(`[MemoryExtraction] failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
