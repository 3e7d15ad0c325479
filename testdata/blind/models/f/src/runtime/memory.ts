// src/runtime/memory.ts
import { createLogger } from "../core/log.js";
import { memoizeWeak } from "../core/cache.js";
import { createSubExecution } from "./spawn.js";
import type { AgentExecution, PromptContext } from "./execution.js";

const log = createLogger("memory");

export const MEMORY_AGENT = "memory-extraction";

const extractionContext = memoizeWeak(
  (base: PromptContext): PromptContext => ({
    ...base,
    system: "Read the conversation and list durable facts worth remembering about the user or the project, one per line prefixed by '* '. Say nothing else.",
    attachments: [],
  }),
);

export class MemoryBank {
  #facts: Map<string, { text: string; firstSeen: number; hits: number }>;

  constructor() {
    this.#facts = new Map();
  }

  remember(text: string): boolean {
    let key = text.trim().toLowerCase().replace(/\s+/g, " ");
    if (!key) return false;
    let known = this.#facts.get(key);
    if (known) {
      known.hits++;
      return false;
    }
    this.#facts.set(key, { text: text.trim(), firstSeen: Date.now(), hits: 1 });
    return true;
  }

  all(): string[] {
    return [...this.#facts.values()].map((f) => f.text);
  }
}

/** At the end of a successful turn: a sub-execution, without hooks, reads the turn and keeps facts. */
export async function extractMemories(root: AgentExecution, bank: MemoryBank): Promise<number> {
  let conversation = root.transcript
    .filter((item) => item.steeringId === undefined && item.role !== "tool")
    .map((item) => `${item.role.toUpperCase()}: ${item.text}`)
    .join("\n");
  let extractor = createSubExecution(root, {
    agentName: MEMORY_AGENT,
    skipHooks: true,
    prompt: `<conversation>\n${conversation}\n</conversation>`,
    promptContext: extractionContext(root.promptContext),
  });
  try {
    let result = await root.sessionServices.graph.drive(extractor);
    let added = 0;
    for (let line of result.text.split(/\r?\n/)) line.startsWith("* ") && bank.remember(line.slice(2)) && added++;
    return added;
  } catch (err) {
    log.warn("memory extraction failed", { error: String(err) });
    return 0;
  }
}
