import { AgentExecution } from "../execution/agent-execution";
import { logWarn } from "../core/log";

const MEMORY_EXECUTION_OPTIONS = { agentName: "memory-extraction", skipHooks: true } as const;

export function createMemoryExtractor(runExecution: (execution: AgentExecution, input: string) => Promise<string>) {
  return async function extractMemories(turnExecution: AgentExecution): Promise<void> {
    const memoryExecution = new AgentExecution({
      ...MEMORY_EXECUTION_OPTIONS,
      sessionServices: turnExecution.sessionServices,
      promptContext: turnExecution.promptContext,
      subExecutionDepth: turnExecution.subExecutionDepth + 1,
    });
    try {
      await runExecution(memoryExecution, "Extract durable memories from the turn that just ended.");
    } catch (cause) {
      logWarn(`memory extraction skipped: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  };
}
