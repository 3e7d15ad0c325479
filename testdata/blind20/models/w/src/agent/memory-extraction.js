// src/agent/memory-extraction.ts — after each turn, a hidden execution distils durable memories.
import { AgentExecution } from "./agent-execution.js";
import { logger } from "../util/logger.js";

const MEMORY_PROMPT = "Extract durable facts about the user and the workspace from this conversation.";

const inheritFrom = (parent) => ({
  sessionServices: parent.sessionServices,
  promptContext: parent.promptContext,
  signal: parent.abortController.signal,
});

export class MemoryExtractor {
  constructor(run, options = {}) {
    this.run = run;
    this.enabled = options.enabled ?? true;
  }

  async extract(parent) {
    if (!this.enabled) return null;
    const memoryExecution = new AgentExecution({
      ...inheritFrom(parent),
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: "memory-extraction",
      skipHooks: true,
    });
    try {
      const state = await this.run(memoryExecution, MEMORY_PROMPT);
      return state.response?.text ?? null;
    } catch (error) {
      logger.warn(`[MemoryExtraction] failed: ${error?.message ?? error}`);
      return null;
    }
  }
}
