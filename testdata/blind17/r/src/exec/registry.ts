import type { AgentExecutionImpl } from "./execution.js";

/** Live executions of a session, by id; cancel aborts them all. */
export class ExecutionRegistry {
  private readonly live: Map<string, AgentExecutionImpl>;
  private finished: number;

  constructor() {
    this.live = new Map();
    this.finished = 0;
  }

  track(execution: AgentExecutionImpl): AgentExecutionImpl {
    this.live.set(execution.executionId, execution);
    return execution;
  }

  release(execution: AgentExecutionImpl): void {
    if (this.live.delete(execution.executionId)) this.finished++;
  }

  get(executionId: string): AgentExecutionImpl | undefined {
    return this.live.get(executionId);
  }

  all(): AgentExecutionImpl[] {
    return [...this.live.values()];
  }

  abortAll(reason: unknown): number {
    let n = 0;
    for (const execution of this.live.values()) {
      if (!execution.abortController.signal.aborted) {
        execution.abortController.abort(reason);
        n++;
      }
    }
    return n;
  }

  stats(): { live: number; finished: number } {
    return { live: this.live.size, finished: this.finished };
  }
}
