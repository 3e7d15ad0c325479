import { runExecution } from "../execution/build-graph.js";
import { logger } from "../support/logger.js";

export const MEMORY_AGENT = "memory-extraction";

const PROMPT = "Extract durable memories (user preferences, project conventions) from the turn above. Answer 'none' if there are none.";

/** Background memory extraction after a turn; never fails the turn. */
export async function extractMemories(graph, fromExecution, settings) {
  if (settings?.memory?.enabled === false) return undefined;
  const extraction = fromExecution.fork({ agentName: MEMORY_AGENT, skipHooks: true });
  try {
    return await runExecution(graph, extraction, PROMPT);
  } catch (error) {
    logger.warn(`[MemoryExtraction] failed: ${error?.message ?? error}`);
    return undefined;
  } finally {
    fromExecution.children.delete(extraction);
  }
}
