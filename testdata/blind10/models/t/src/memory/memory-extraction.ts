import type { AgentExecution } from "../agent/agent-execution";
import { createSubExecution } from "../agent/spawn";
import type { ExecutionHost } from "../tools/tool-registry";
import { logger } from "../util/logger";

export const MEMORY_AGENT_NAME = "memory-extraction";

const EXTRACTION_PROMPT =
  "Read the turn that just finished and list durable facts about the user or the workspace " +
  "worth remembering in later sessions, one per line starting with '- '. Reply 'none' if there are none.";

export interface MemoryStore {
  add(sessionId: string, fact: string): void;
}

export const inMemoryStore: MemoryStore & { facts: Map<string, string[]> } = {
  facts: new Map(),
  add(sessionId, fact) {
    const list = this.facts.get(sessionId) ?? [];
    list.push(fact);
    this.facts.set(sessionId, list);
  },
};

/** Runs after every turn, as a sub-execution of the execution that finished it. */
export async function extractMemories(host: ExecutionHost, finished: AgentExecution, store: MemoryStore = inMemoryStore): Promise<number> {
  const extractor = createSubExecution(finished, MEMORY_AGENT_NAME, { skipHooks: true });
  let answer: string;
  try {
    answer = await host.runExecution(extractor, EXTRACTION_PROMPT);
  } catch (err) {
    logger.warn(`[MemoryExtraction] skipped: ${err instanceof Error ? err.message : String(err)}`);
    return 0;
  }
  const facts = answer
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2));
  for (const fact of facts) store.add(finished.sessionServices.sessionId, fact);
  return facts.length;
}
