import { AgentExecution } from "../agent/agent-execution";
import { runExecutionGraph } from "../graph/execution-graph";
import { logger } from "../util/logger";

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";
const MEMORY_PROMPT = "From the conversation so far, extract durable facts about the user and the workspace.";

const log = logger.child("memory");

// Runs after a root turn and before the turn-end clear; never fails the turn.
export async function runMemoryExtraction(root: AgentExecution): Promise<void> {
  const extraction = new AgentExecution({
    sessionServices: root.sessionServices,
    promptContext: { ...root.promptContext, systemPrompt: MEMORY_PROMPT },
    signal: root.abortController.signal,
    agentName: MEMORY_EXTRACTION_AGENT,
    subExecutionDepth: root.subExecutionDepth + 1,
    skipHooks: true,
  });
  try {
    await runExecutionGraph(extraction);
  } catch (error) {
    log.warn(`memory extraction failed: ${(error as Error).message}`);
  }
}
