import { AgentExecution, type AgentExecutionConfig } from "./agent-execution";

export type SubExecutionOptions = Partial<Pick<AgentExecutionConfig, "skipHooks" | "promptContext">>;

/**
 * One place that builds every sub-execution: the sub-agent tool, memory extraction and
 * context compaction all come through here, each with its own options.
 */
export function createSubExecution(parent: AgentExecution, agentName: string, options?: SubExecutionOptions): AgentExecution {
  const depth = parent.subExecutionDepth;
  return new AgentExecution({
    promptContext: parent.promptContext,
    ...options,
    sessionServices: parent.sessionServices,
    signal: parent.abortController.signal,
    subExecutionDepth: depth + 1,
    agentName,
    parentExecutionId: parent.executionId,
  });
}
