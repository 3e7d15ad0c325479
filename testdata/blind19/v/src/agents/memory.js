import { logger } from "../runtime/log.js";

export const MEMORY_AGENT = "memory-extraction";

/** After a turn settles, a hidden execution distils durable memories from it. */
export function memoryExtractionTask(container) {
  return async function extractMemories(rootExecution) {
    const execution = container.get("factory").child(rootExecution, MEMORY_AGENT, {
      skipHooks: true,
      task: "Summarise what should be remembered from this conversation.",
    });
    try {
      await container.get("graph").execute(execution);
    } catch (error) {
      logger.warn(`memory extraction failed: ${error?.message ?? error}`);
    }
  };
}
