// Registry of the executions that are running in a session: the root of the current turn
// and every sub-execution below it. Used for cancellation, diagnostics and status queries.
import type { AgentExecution } from "../agent/execution.js";
import { logger } from "../util/logger.js";
import { shortExecutionId } from "../util/ids.js";

export interface ExecutionSnapshot {
  executionId: string;
  agentName: string;
  depth: number;
  cursor: number;
  runningForMs: number;
}

export class ExecutionRegistry {
  private live: Map<string, AgentExecution>;
  private startedAt: Map<string, number>;
  private rootExecution: AgentExecution | undefined;
  private totalRegistered: number;

  constructor() {
    this.live = new Map();
    this.startedAt = new Map();
    this.rootExecution = undefined;
    this.totalRegistered = 0;
  }

  adoptRoot(execution: AgentExecution): void {
    this.rootExecution = execution;
  }

  get root(): AgentExecution | undefined {
    return this.rootExecution;
  }

  register(execution: AgentExecution): void {
    if (this.live.has(execution.executionId)) return;
    this.live.set(execution.executionId, execution);
    this.startedAt.set(execution.executionId, Date.now());
    this.totalRegistered++;
    logger.debug(`[ExecutionRegistry] + ${execution.agentName} (${shortExecutionId(execution.executionId)}) depth=${execution.subExecutionDepth}`);
  }

  unregister(execution: AgentExecution): void {
    if (!this.live.delete(execution.executionId)) return;
    this.startedAt.delete(execution.executionId);
    logger.debug(`[ExecutionRegistry] - ${execution.agentName} (${shortExecutionId(execution.executionId)})`);
  }

  get(executionId: string): AgentExecution | undefined {
    return this.live.get(executionId);
  }

  liveExecutions(): AgentExecution[] {
    return [...this.live.values()];
  }

  get size(): number {
    return this.live.size;
  }

  get registeredSinceStart(): number {
    return this.totalRegistered;
  }

  abortAll(reason: string): number {
    let aborted = 0;
    for (const execution of this.live.values()) {
      if (!execution.abortController.signal.aborted) {
        execution.abortController.abort(new Error(reason));
        aborted++;
      }
    }
    return aborted;
  }

  snapshot(): ExecutionSnapshot[] {
    const now = Date.now();
    return this.liveExecutions().map((execution) => ({
      executionId: execution.executionId,
      agentName: execution.agentName,
      depth: execution.subExecutionDepth,
      cursor: execution.steeringReaderIndex,
      runningForMs: now - (this.startedAt.get(execution.executionId) ?? now),
    }));
  }
}
