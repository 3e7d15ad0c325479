import { Logger } from "../common/logging";
import { AgentExecution, type AgentExecutionOptions } from "../execution/agent-execution";
import type { ExecutionRunner } from "../tools/registry";

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

const EXTRACTION_PROMPT =
  "Review the conversation so far and extract durable facts about the user, the project and their preferences. Reply with the memories to store, one per line, or nothing.";

const log = new Logger("memory");

type Inherited = Pick<AgentExecutionOptions, "sessionServices" | "promptContext" | "signal" | "parentExecutionId">;

/** What an internal execution takes over from the execution it runs for. */
function inheritFrom(parent: AgentExecution): Inherited {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    parentExecutionId: parent.executionId,
  };
}

export interface MemoryExtractionOptions {
  enabled: boolean;
}

/** Runs the memory-extraction agent once a turn has settled. */
export class MemoryExtractionService {
  constructor(
    private readonly runner: ExecutionRunner,
    private readonly options: MemoryExtractionOptions = { enabled: true },
  ) {}

  async extractAfterTurn(parent: AgentExecution): Promise<void> {
    if (!this.options.enabled) return;
    const memoryExecution = new AgentExecution({
      ...inheritFrom(parent),
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true,
    });
    try {
      const memories = await this.runner.run(memoryExecution, EXTRACTION_PROMPT);
      log.debug(`extracted ${memories.split("\n").filter(Boolean).length} memory line(s)`);
    } catch (error) {
      log.error("memory extraction failed", error);
    }
  }
}
