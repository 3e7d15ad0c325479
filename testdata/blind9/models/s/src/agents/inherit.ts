import type { AgentExecution } from "../runtime/execution";

/** Fields a sub-execution takes over from the execution that starts it. */
export function inheritedExecutionFields(parent: AgentExecution) {
  return {
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
  };
}
