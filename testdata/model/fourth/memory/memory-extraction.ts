import { createChildExecution } from "../agent/child-execution";
import type { AgentExecution } from "../agent/execution";
import type { RunChild } from "../graph/turn-graph";

export const MEMORY_AGENT = "memory-extraction";

// After a root turn, before the turn-end clear. A failure (a cancel included) only logs.
export async function extractMemories(root: AgentExecution, runChild: RunChild): Promise<boolean> {
  const extraction = createChildExecution(root, { agentName: "memory-extraction", skipHooks: true });
  try {
    await runChild(extraction);
    return true;
  } catch (error) {
    root.sessionServices.log.warn(`memory extraction did not finish: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
