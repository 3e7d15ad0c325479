// src/execution/execution-base.ts: lifecycle shared by every kind of execution.
export enum ExecutionStatus {
  Created = "created",
  Running = "running",
  Completed = "completed",
  Failed = "failed",
  Cancelled = "cancelled",
}

export abstract class ExecutionBase {
  readonly executionId: string;
  readonly abortController: AbortController;
  #status: ExecutionStatus = ExecutionStatus.Created;
  #transitions: Array<[ExecutionStatus, number]> = [];

  constructor(parentSignal?: AbortSignal) {
    this.executionId = crypto.randomUUID();
    this.abortController = new AbortController();
    if (parentSignal != null) {
      let forward = () => this.abortController.abort(parentSignal.reason);
      parentSignal.aborted ? forward() : parentSignal.addEventListener("abort", forward, { once: true });
    }
  }

  get status(): ExecutionStatus {
    return this.#status;
  }

  transition(next: ExecutionStatus): void {
    this.#transitions.push([next, Date.now()]);
    this.#status = next;
  }

  get isLive(): boolean {
    return this.#status === ExecutionStatus.Running;
  }

  abstract describe(): string;
}
