// src/runtime/compaction.ts
import { createLogger } from "../core/log.js";
import { createSubExecution } from "./spawn.js";
import type { AgentExecution } from "./execution.js";

const log = createLogger("compaction");

/**
 * When an execution's transcript grows past the configured size, a summarizer sub-execution
 * condenses the older part into one entry.
 */
export async function compactIfNeeded(execution: AgentExecution): Promise<boolean> {
  let threshold = execution.sessionServices.settings.subagents.compactAfterEntries;
  if (execution.transcript.length <= threshold) return false;
  let keep = Math.floor(threshold / 4);
  let older = execution.transcript.slice(0, execution.transcript.length - keep);
  let summarizer = createSubExecution(execution, {
    agentName: "context-compactor",
    skipHooks: true,
    prompt: older
      .filter((t) => t.steeringId === undefined)
      .map((t) => `${t.role}: ${t.text}`)
      .join("\n"),
  });
  let summary = await execution.sessionServices.graph.drive(summarizer);
  execution.transcript.splice(0, older.length, { role: "user", text: `Summary of the earlier conversation:\n${summary.text}` });
  log.info(`compacted ${older.length} entries of ${execution.label()}`);
  return true;
}
