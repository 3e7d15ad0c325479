import { AgentExecution } from "../agent/agent-execution";
import { Logger } from "../util/logger";
import type { ToolRuntime } from "../tools/registry";

const log = new Logger("MemoryExtraction");

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";
const EXTRACTION_PROMPT = "Review this turn and extract durable memories (preferences, facts, decisions) worth keeping.";

export class MemoryExtractionService {
  constructor(private readonly runtime: ToolRuntime) {}

  async extract(execution: AgentExecution): Promise<string> {
    const memoryExecution = new AgentExecution({
      agentName: MEMORY_EXTRACTION_AGENT,
      sessionServices: execution.sessionServices,
      promptContext: { ...execution.promptContext, purpose: MEMORY_EXTRACTION_AGENT },
      subExecutionDepth: execution.subExecutionDepth + 1,
      skipHooks: true,
    });
    try {
      return await this.runtime.runExecution(memoryExecution, EXTRACTION_PROMPT);
    } catch (err) {
      log.warn(`memory extraction failed: ${err instanceof Error ? err.message : String(err)}`);
      return "";
    }
  }
}
