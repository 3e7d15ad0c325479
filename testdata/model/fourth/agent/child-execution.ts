import { AgentExecution, type ExecutionOptions } from "./execution";

export type ChildOptions = Omit<ExecutionOptions, "sessionServices" | "promptContext" | "signal" | "subExecutionDepth">;

// Every sub-execution (sub-agents, memory extraction) is built here; callers pass what differs.
export function createChildExecution(parent: AgentExecution, opts: ChildOptions): AgentExecution {
  return new AgentExecution({
    ...opts,
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
  });
}
