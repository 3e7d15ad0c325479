import { EventEmitter } from "node:events";
import { newExecutionId } from "../runtime/ids.js";

export interface ExecutionBaseConfig {
  agentName?: string;
  signal?: AbortSignal;
  executionId?: string;
}

export type ExecutionStatus = "idle" | "running" | "completed" | "failed" | "cancelled";

/** Identity, cancellation and lifecycle events shared by every kind of execution. */
export abstract class ExecutionBase extends EventEmitter {
  readonly executionId: string;
  readonly agentName: string;
  readonly abortController = new AbortController();
  readonly createdAt = Date.now();
  status: ExecutionStatus = "idle";

  constructor(config: ExecutionBaseConfig) {
    super();
    this.executionId = config.executionId ?? newExecutionId();
    this.agentName = config.agentName ?? "chat-agent";
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else
        parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), {
          once: true,
          signal: this.abortController.signal,
        });
    }
  }

  get shortId(): string {
    return this.executionId.slice(0, 8);
  }

  transition(status: ExecutionStatus): void {
    const previous = this.status;
    this.status = status;
    this.emit("status", { previous, status });
  }
}
