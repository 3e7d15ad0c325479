import { AgentExecution } from "../agent/execution";
import type { ExecutionRunner } from "../graph/turn-graph";
import { createLogger } from "../util/logger";

const log = createLogger("kas.memory");

export const MEMORY_AGENT_NAME = "memory-extraction";
const MEMORY_PROMPT = "Extract durable facts and preferences worth remembering from the turn that just ended.";

function inheritExecutionServices(parent: AgentExecution) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: { ...parent.promptContext, mode: "memory" as const },
    signal: parent.abortController.signal,
  };
}

/** Runs after every successful turn, as a child of the turn's root execution. */
export async function extractMemories(root: AgentExecution, runner: ExecutionRunner): Promise<string | undefined> {
  const memoryExecution = new AgentExecution({
    ...inheritExecutionServices(root),
    subExecutionDepth: root.subExecutionDepth + 1,
    agentName: MEMORY_AGENT_NAME,
    skipHooks: true,
  });
  try {
    return await runner.runExecution(memoryExecution, MEMORY_PROMPT);
  } catch (error) {
    log.error(`memory extraction failed for ${root.describe()}`, error);
    return undefined;
  }
}
