// Memory extraction: when a turn settles, a background execution reads the turn and
// distils durable facts into the user's memory store.
import { AgentExecution } from "../agent/execution.js";
import type { KasPlugin, LifecycleContext } from "../runtime/hooks.js";
import { logger } from "../util/logger.js";
import { shortExecutionId } from "../util/ids.js";

export const MEMORY_AGENT_NAME = "memory-extraction";

const EXTRACTION_PROMPT =
  "Review the conversation of this turn. Extract durable facts about the user, the project and their preferences as short bullet points. Reply with nothing if there is nothing new.";

export interface MemoryRecord {
  sessionId: string;
  turn: number;
  text: string;
  extractedAt: number;
}

export class MemoryStore {
  private records: MemoryRecord[];

  constructor(private readonly capacity = 500) {
    this.records = [];
  }

  add(record: MemoryRecord): void {
    if (!record.text.trim()) return;
    this.records.push(record);
    if (this.records.length > this.capacity) this.records.shift();
  }

  forSession(sessionId: string): MemoryRecord[] {
    return this.records.filter((r) => r.sessionId === sessionId);
  }
}

export class MemoryExtractionHook implements KasPlugin {
  readonly name = "memory-extraction";
  readonly order = 50;
  readonly handlers = {
    "turn:settled": (context: LifecycleContext) => this.extract(context),
  };
  private turns: number;

  constructor(private readonly store: MemoryStore) {
    this.turns = 0;
  }

  private async extract(context: LifecycleContext): Promise<void> {
    const root = context.execution;
    if (root.abortController.signal.aborted) return;
    const turn = ++this.turns;
    const extraction = new AgentExecution({
      sessionServices: root.sessionServices,
      promptContext: root.promptContext,
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: MEMORY_AGENT_NAME,
      skipHooks: true,
    });
    logger.info(`[MemoryExtraction] turn ${turn}: extracting in ${shortExecutionId(extraction.executionId)}`);
    const text = await context.runner.run(extraction, EXTRACTION_PROMPT);
    this.store.add({ sessionId: context.session.sessionId, turn, text, extractedAt: Date.now() });
  }
}
