import { Logger } from "../logging/sink";
import type { ExecutionFactory } from "../execution/execution-factory";
import type { AgentExecution } from "../execution/agent-execution";

const log = new Logger("MemoryExtraction");

const MEMORY_PROMPT =
  "Extract durable memories (preferences, decisions, project facts) from the turn above. " +
  "Answer with one memory per line, or NONE.";

export class MemoryExtractionService {
  private readonly memories: string[] = [];

  constructor(
    private readonly factory: ExecutionFactory,
    private readonly runExecution: (execution: AgentExecution, prompt: string) => Promise<string>,
  ) {}

  async extractAfterTurn(rootExecution: AgentExecution): Promise<number> {
    const extraction = this.factory.spawnChild(rootExecution, { agentName: "memory-extraction", skipHooks: true });
    try {
      const answer = await this.runExecution(extraction, MEMORY_PROMPT);
      const found = answer
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && line !== "NONE" && line !== "done");
      this.memories.push(...found);
      return found.length;
    } catch (err) {
      log.warn(`memory extraction failed: ${(err as Error).message}`);
      return 0;
    } finally {
      this.factory.release(extraction);
    }
  }

  list(): readonly string[] {
    return this.memories;
  }
}
