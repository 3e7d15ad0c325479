/** Maps execution events to the ACP client: only the owned (root) execution streams to it. */
export class ExecutionEventAdapter {
  #ownedExecutionId: string | undefined;
  #history: string[] = [];

  setOwnedExecutionId(executionId: string): void {
    this.#ownedExecutionId = executionId;
    this.#history.push(executionId);
  }

  get ownedExecutionId(): string | undefined {
    return this.#ownedExecutionId;
  }

  owns(executionId: string): boolean {
    return executionId === this.#ownedExecutionId;
  }

  get ownedHistory(): readonly string[] {
    return this.#history;
  }
}
