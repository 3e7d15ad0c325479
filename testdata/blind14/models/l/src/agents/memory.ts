import { ComponentLogger } from "../core/logging";
import type { LoopDeps } from "../loop/agent-loop";
import type { AgentExecution, PromptContext } from "../runtime/agent-execution";

const log = new ComponentLogger("memory");

const MEMORY_INSTRUCTIONS = "Review the finished turn and record anything durable about the user or the project.";

function memoryContext(base: PromptContext): PromptContext {
  return { ...base, purpose: "memory", includeSteeringDocs: false };
}

/** Memory extraction: a hookless child of the root, run once the turn has finished. */
export async function runMemoryExtraction(root: AgentExecution, deps: LoopDeps): Promise<void> {
  const { spawner } = root.sessionServices;
  const extractor = spawner.spawn(root, {
    agentName: "memory-extraction",
    skipHooks: true,
    promptContext: memoryContext(root.promptContext),
  });
  try {
    await deps.run(extractor, MEMORY_INSTRUCTIONS);
  } catch (cause) {
    log.error("memory extraction failed", cause);
  } finally {
    spawner.release(extractor);
  }
}
