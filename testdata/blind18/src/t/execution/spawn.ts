import { AgentExecution } from "./agent-execution.js";

export interface ChildRole {
  agentName: string;
  skipHooks?: boolean;
}

/** Builds a sub-execution that shares its parent's session services and cancellation. */
export function forkExecution(parent: AgentExecution, role: ChildRole): AgentExecution {
  const child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: role.agentName,
    skipHooks: role.skipHooks ?? false,
  });
  return child;
}
