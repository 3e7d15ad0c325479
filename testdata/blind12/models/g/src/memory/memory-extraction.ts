import { AgentExecution } from "../agent/agent-execution";
import type { ExecutionRunner } from "../graph/execution-runner";
import { scoped } from "../util/log";

const log = scoped("MemoryExtraction");

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";
const EXTRACTION_PROMPT =
  "Review the turn that just finished and extract durable, reusable memories (preferences, project facts). Reply with none if there is nothing.";

export interface MemorySettings {
  enabled: boolean;
}

export class MemoryExtractionService {
  constructor(private readonly settings: MemorySettings) {}

  async extractAfterTurn(source: AgentExecution, runner: ExecutionRunner): Promise<void> {
    if (!this.settings.enabled) return;
    const extractor = new AgentExecution({
      sessionServices: source.sessionServices,
      promptContext: { ...source.promptContext, mode: "memory" },
      signal: source.abortController.signal,
      subExecutionDepth: source.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true,
      parentExecutionId: source.executionId,
    });
    try {
      const answer = await runner.run(extractor, EXTRACTION_PROMPT);
      source.sessionServices.counters.increment(answer.trim() === "none" ? "memory.empty" : "memory.extracted");
    } catch (error) {
      log.error("memory extraction failed", error);
    }
  }
}
