import { AgentExecution } from "../execution";
import { logWarn } from "../logger";
import type { RunExecution } from "../types";
import { inheritedExecutionConfig } from "./spawn-config";

export const MEMORY_AGENT = "memory-extraction";

const MEMORY_PROMPT = "Extract anything from this turn worth remembering across sessions (preferences, project facts). Reply with a list.";

export async function runMemoryExtraction(turnOwner: AgentExecution, run: RunExecution): Promise<void> {
  const memoryExecution = new AgentExecution({
    ...inheritedExecutionConfig(turnOwner),
    subExecutionDepth: turnOwner.subExecutionDepth + 1,
    agentName: MEMORY_AGENT,
    skipHooks: true,
  });
  try {
    await run(memoryExecution, MEMORY_PROMPT);
  } catch (error) {
    logWarn(`[Memory] extraction failed: ${String(error)}`);
  }
}
