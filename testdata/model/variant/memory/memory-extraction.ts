import { AgentExecution, type PromptContext } from "../agent/execution";
import { runExecution } from "../graph/nodes";

let MEMORY_SYSTEM_PROMPT = "Extract durable facts about the user and the workspace from the conversation.";

function inherited(parent: AgentExecution) {
  return {
    signal: parent.abortController.signal,
    sessionServices: parent.sessionServices,
    promptContext: { ...parent.promptContext, systemPrompt: MEMORY_SYSTEM_PROMPT } as PromptContext,
  };
}

// Runs after a successful root turn, before the turn-end clear.
export async function runMemoryExtraction(execution: AgentExecution): Promise<void> {
  let extraction = new AgentExecution({
    ...inherited(execution),
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true,
  });
  await runExecution(extraction).catch((error: Error) => {
    execution.sessionServices.logger.warn(`memory extraction failed: ${error.message}`);
  });
}
