import { AgentExecution } from "../agent/agent-execution";
import type { ExecutionRunner } from "../graph/execution-runner";
import type { GraphState } from "../graph/state";
import { scoped } from "../util/log";

const log = scoped("Compaction");

export interface CompactionSettings {
  /** compact when the context holds more entries than this */
  maxEntries: number;
  keepRecent: number;
}

/** Summarises old context through a short sub-execution when the context grows too long. */
export class ContextCompactor {
  constructor(private readonly settings: CompactionSettings) {}

  async maybeCompact(state: GraphState, runner: ExecutionRunner): Promise<boolean> {
    if (state.context.length <= this.settings.maxEntries) return false;
    const parent = state.execution;
    const older = state.context.slice(0, state.context.length - this.settings.keepRecent);
    const summarizer = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: { ...parent.promptContext, mode: "compaction" },
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: "context-compaction",
      skipHooks: true,
    });
    const summary = await runner.run(
      summarizer,
      `Summarise this conversation so far in a few paragraphs:\n${older.map((e) => `${e.role}: ${e.text}`).join("\n")}`,
    );
    state.context.splice(0, older.length, { role: "user", text: `Summary of earlier conversation: ${summary}` });
    log.info(`compacted ${older.length} entries for ${parent.agentName}`);
    return true;
  }
}
