// Construction of sub-executions. Every spawn path (sub-agent tool, memory
// extraction, review pass) goes through here with its own options.

import { AgentExecution } from "./execution";
import { steeringMetrics } from "../ops/metrics";

export interface ChildOptions {
  agentName: string;
  skipHooks?: boolean;
}

export const MAX_SUB_EXECUTION_DEPTH = 5;

export class SubExecutionDepthError extends Error {
  constructor(readonly agentName: string, readonly depth: number) {
    super(`Sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded by ${agentName} at depth ${depth}`);
  }
}

export function createChildExecution(parent: AgentExecution, options: ChildOptions): AgentExecution {
  if (parent.subExecutionDepth >= MAX_SUB_EXECUTION_DEPTH) {
    throw new SubExecutionDepthError(options.agentName, parent.subExecutionDepth);
  }
  const child = new AgentExecution({
    ...options,
    parentExecutionId: parent.executionId,
    signal: parent.abortController.signal,
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    subExecutionDepth: parent.subExecutionDepth + 1,
  });
  steeringMetrics.executions.add(0, { agent: options.agentName });
  return child;
}
