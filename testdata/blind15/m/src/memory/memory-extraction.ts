import { createLogger } from "../util/logger";
import { AgentExecution, inheritedExecutionOptions } from "../agent/execution";
import type { PostTurnPlugin } from "../session/post-turn";

const log = createLogger("MemoryExtraction");

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

const EXTRACTION_PROMPT =
  "Review the conversation turn that just finished and extract durable facts about the user, " +
  "the project and its conventions. Reply with a JSON array of memories, or [] if there are none.";

export const memoryExtractionPlugin: PostTurnPlugin = {
  name: MEMORY_EXTRACTION_AGENT,
  enabled: (turn) => turn.status === "completed" && process.env.KIRO_DISABLE_MEMORY !== "1",
  async run(turn) {
    const root = turn.rootExecution;
    const memoryExecution = new AgentExecution({
      ...inheritedExecutionOptions(root),
      subExecutionDepth: root.subExecutionDepth + 1,
      agentName: MEMORY_EXTRACTION_AGENT,
      skipHooks: true,
    });
    root.sessionServices.telemetry.increment("memory.extraction");
    const raw = await turn.runExecution(memoryExecution, EXTRACTION_PROMPT);
    log.debug(`extraction returned ${raw.length} chars`);
  },
};
