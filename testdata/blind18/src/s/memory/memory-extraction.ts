import { AgentExecution } from "../execution/agent-execution.js";
import type { ConversationMessage } from "../execution/types.js";
import type { RunExecution } from "../tools/registry.js";
import { createLogger } from "../runtime/log.js";

const log = createLogger("memory");

const EXTRACTION_INSTRUCTIONS =
  "Extract durable facts about the user's preferences and project from the conversation below. " +
  "Answer with one fact per line, or NONE.";

/** After each turn, distils the conversation into memories with a short internal execution. */
export class MemoryExtractionService {
  readonly memories: string[] = [];

  constructor(private readonly runExecution: RunExecution) {}

  async extractAfterTurn(root: AgentExecution, transcript: readonly ConversationMessage[]): Promise<void> {
    const extraction = new AgentExecution({
      sessionServices: root.sessionServices,
      promptContext: root.promptContext,
      signal: root.abortController.signal,
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: "memory-extraction",
      skipHooks: true,
    });
    const rendered = transcript.map((message) => `${message.role}: ${message.text}`).join("\n");
    try {
      const answer = await this.runExecution(extraction, [
        { role: "system", text: EXTRACTION_INSTRUCTIONS },
        { role: "user", text: rendered },
      ]);
      for (const line of answer.split("\n")) {
        const fact = line.trim();
        if (fact && fact !== "NONE" && fact !== "done") this.memories.push(fact);
      }
    } catch (error) {
      log.warn(`memory extraction failed: ${(error as Error).message}`);
    }
  }
}
