// src/runtime/spawn.ts
import { SideTable } from "../core/cache.js";
import { AgentExecution, type PromptContext } from "./execution.js";

export interface SubExecutionOptions {
  agentName: string;
  prompt?: string;
  promptContext?: PromptContext;
  skipHooks?: boolean;
}

/** parent -> the sub-executions it spawned (for cancellation and the session's tree view) */
export const childrenOf = new SideTable<AgentExecution, Set<AgentExecution>>(() => new Set());

/** Builds every sub-execution: sub-agents, memory extraction, context compaction. */
export function createSubExecution(parent: AgentExecution, options: SubExecutionOptions): AgentExecution {
  let child = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: options.promptContext ?? parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: options.agentName,
    skipHooks: options.skipHooks ?? false,
    parentExecutionId: parent.executionId,
  });
  options.prompt !== undefined && child.transcript.push({ role: "user", text: options.prompt });
  childrenOf.of(parent).add(child);
  return child;
}
