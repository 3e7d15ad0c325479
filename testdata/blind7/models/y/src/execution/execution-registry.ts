// src/execution/execution-registry.ts: the session's running executions (for cancel and for the event adapter).
import { Injectable, ServiceId } from "../di/container.js";
import { ExecutionStatus } from "./execution-base.js";
import type { AgentExecution } from "./agent-execution.js";

@Injectable(ServiceId.ExecutionRegistry)
export class ExecutionRegistry {
  private byId: Map<string, AgentExecution>;
  ownedExecutionId: string | undefined;

  constructor() {
    this.byId = new Map();
  }

  track(execution: AgentExecution): void {
    execution.transition(ExecutionStatus.Running);
    this.byId.set(execution.executionId, execution);
  }

  release(execution: AgentExecution, status: ExecutionStatus): void {
    execution.transition(status);
    this.byId.delete(execution.executionId);
  }

  live(): AgentExecution[] {
    return [...this.byId.values()];
  }

  setOwnedExecutionId(executionId: string): void {
    this.ownedExecutionId = executionId;
  }
}
