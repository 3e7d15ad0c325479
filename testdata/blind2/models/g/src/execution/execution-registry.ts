import { Injectable } from "../di/container";
import { EXECUTION_REGISTRY } from "../di/tokens";
import type { AgentExecution } from "./agent-execution";

/** Which executions of the session are running, and who spawned whom. */
@Injectable(EXECUTION_REGISTRY)
export class ExecutionRegistry {
  private readonly live = new Set<AgentExecution>();
  private readonly parents = new WeakMap<AgentExecution, AgentExecution>();

  track(execution: AgentExecution, parent?: AgentExecution): void {
    this.live.add(execution);
    if (parent) this.parents.set(execution, parent);
  }

  untrack(execution: AgentExecution): void {
    this.live.delete(execution);
  }

  parentOf(execution: AgentExecution): AgentExecution | undefined {
    return this.parents.get(execution);
  }

  running(): AgentExecution[] {
    return [...this.live];
  }
}
