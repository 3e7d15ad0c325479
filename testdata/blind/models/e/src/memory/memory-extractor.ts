// src/memory/memory-extractor.ts
import { AgentExecution, type PromptContext } from "../agent/agent-execution.js";
import { RuntimeEvent } from "../events/bus.js";
import { Logger } from "../logging/logger.js";

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

const log = new Logger("memory");

export interface Memory {
  text: string;
  sessionId: string;
  at: number;
}

export class MemoryStore {
  readonly #memories: Memory[] = [];
  readonly #seen = new Set<string>();

  add(memory: Memory): boolean {
    const key = memory.text.trim().toLowerCase();
    if (!key || this.#seen.has(key)) return false;
    this.#seen.add(key);
    this.#memories.push(memory);
    return true;
  }

  list(): readonly Memory[] {
    return this.#memories;
  }
}

function memoryPromptContext(base: PromptContext): PromptContext {
  return {
    ...base,
    systemPrompt:
      "You extract durable facts about the user and the project from a conversation. Answer with one '- ' bullet per fact, or nothing.",
  };
}

function transcriptOf(root: AgentExecution): string {
  return root.history
    .filter((h) => h.role === "user" || h.role === "assistant")
    .map((h) => `${h.role}: ${h.text}`)
    .join("\n");
}

/** After a successful turn, a sub-execution reads the conversation and keeps durable memories. */
export class MemoryExtractor {
  constructor(private readonly store: MemoryStore) {}

  async extract(root: AgentExecution): Promise<number> {
    const extraction = new AgentExecution({
      sessionServices: root.sessionServices,
      promptContext: memoryPromptContext(root.promptContext),
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true,
    });
    extraction.history.push({ role: "user", text: `Conversation:\n${transcriptOf(root)}` });
    let added = 0;
    try {
      const { text } = await root.sessionServices.graph.run(extraction);
      for (const line of text.split("\n")) {
        if (line.startsWith("- ") && this.store.add({ text: line.slice(2), sessionId: root.sessionServices.sessionId, at: Date.now() })) {
          added++;
        }
      }
    } catch (err) {
      log.warn("memory extraction failed", { error: err });
    }
    root.sessionServices.bus.emit(RuntimeEvent.MemoryExtracted, { executionId: extraction.executionId, memories: added });
    return added;
  }
}
