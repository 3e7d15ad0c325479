import { AgentExecution, type PromptContext } from "../agent/execution";
import { runExecution } from "../graph/nodes";

const MEMORY_SYSTEM_PROMPT = "Extract durable facts about the user and the workspace from the conversation.";

function memoryPromptContext(context: PromptContext): PromptContext {
  return { ...context, systemPrompt: MEMORY_SYSTEM_PROMPT };
}

// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  const extraction = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  });
  try {
    await runExecution(extraction);
  } catch (error) {
    execution.sessionServices.logger.warn(`memory extraction failed: ${(error as Error).message}`);
  }
}
