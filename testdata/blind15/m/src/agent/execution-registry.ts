import type { AgentExecution } from "./execution";

/** Live executions of one session, so a cancel can reach every one of them. */
export class LiveExecutionRegistry {
  #live = new Map<string, AgentExecution>();
  #peak = 0;

  register(execution: AgentExecution): () => void {
    this.#live.set(execution.executionId, execution);
    this.#peak = Math.max(this.#peak, this.#live.size);
    return () => {
      this.#live.delete(execution.executionId);
    };
  }

  get(executionId: string): AgentExecution | undefined {
    return this.#live.get(executionId);
  }

  list(): AgentExecution[] {
    return [...this.#live.values()];
  }

  get peak(): number {
    return this.#peak;
  }

  abortAll(reason: string): number {
    let n = 0;
    for (const execution of this.#live.values()) {
      if (!execution.abortController.signal.aborted) {
        execution.abortController.abort(reason);
        n++;
      }
    }
    return n;
  }
}
