import { logger } from "../lib/log.js";

export const MEMORY_AGENT = "memory-extraction";

const PROMPT =
  "From the turn that just ended, list facts worth remembering across sessions (user preferences, project conventions). One per line; nothing if none.";

/**
 * Post-turn memory extraction, run as a hook-less sub-execution of the
 * execution that finished the turn.
 * @param {import("../agent/agent-execution.js").AgentExecution} turnExecution
 * @param {import("../agent/runner.js").ExecutionRunner} runner
 */
export async function extractMemories(turnExecution, runner) {
  const extractor = turnExecution.fork({ agentName: MEMORY_AGENT, skipHooks: true });
  try {
    const lines = (await runner.run(extractor, PROMPT)).split("\n").filter((l) => l.trim());
    logger.debug(`memory extraction produced ${lines.length} candidate(s)`);
  } catch (err) {
    logger.warn(`memory extraction failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
