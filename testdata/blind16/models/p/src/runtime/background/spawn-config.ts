import type { AgentExecution } from "../execution";

/** What a background sub-execution inherits from the execution it serves. */
export function inheritedExecutionConfig(parent: AgentExecution) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
  };
}
