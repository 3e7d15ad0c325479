import type { Turn } from "../types.js";
import { AgentExecutionImpl } from "./execution.js";

export interface SpawnOptions {
  skipHooks?: boolean;
  transcript?: Turn[];
}

/** Builds a child execution that shares the parent's session services. */
export function spawnSubExecution(parent: AgentExecutionImpl, agentName: string, options: SpawnOptions = {}): AgentExecutionImpl {
  const depth = parent.subExecutionDepth;
  const child = new AgentExecutionImpl({
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: depth + 1,
    agentName,
    skipHooks: options.skipHooks === true,
    transcript: options.transcript,
    parentExecutionId: parent.executionId,
  });
  parent.sessionServices.registry.track(child);
  return child;
}
