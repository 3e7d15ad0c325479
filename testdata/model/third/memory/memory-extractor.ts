import { AgentExecution } from "../agent/agent-execution";
import { describeError } from "../util/errors";

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

/**
 * After a successful root turn, a short internal execution distils what the
 * user said into long-term memory. It runs as a sub-execution of the root,
 * without lifecycle hooks; its failure never fails the turn.
 */
export class MemoryExtractor {
  constructor(private readonly runExecution: (execution: AgentExecution) => Promise<void>) {}

  async extract(parent: AgentExecution): Promise<boolean> {
    const extraction = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      agentName: MEMORY_EXTRACTION_AGENT,
      subExecutionDepth: parent.subExecutionDepth + 1,
      skipHooks: true,
    });
    try {
      await this.runExecution(extraction);
      return true;
    } catch (error) {
      parent.sessionServices.logger.warn(`memory extraction failed: ${describeError(error)}`);
      return false;
    }
  }
}
