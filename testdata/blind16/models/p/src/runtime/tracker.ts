import type { AgentExecution } from "./execution";

/** The executions of a session that are running right now. */
export class ExecutionTracker {
  live: Set<AgentExecution>;

  constructor() {
    this.live = new Set();
  }

  track(execution: AgentExecution): void {
    this.live.add(execution);
  }

  release(execution: AgentExecution): void {
    this.live.delete(execution);
  }

  get count(): number {
    return this.live.size;
  }
}
