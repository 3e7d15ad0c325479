// Session-wide store of live steering: what the user typed while agents were working, and
// notices posted by workflows. Executions keep their own read position into it.
import { randomBytes } from "node:crypto";

export type SteeringKind = "user" | "notice";

export interface SteeringEntry {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  readonly seq: number;
  readonly at: number;
  /** Execution ids that acknowledged the entry. */
  readonly handlers: Set<string>;
}

export class SteeringStore {
  #entries: SteeringEntry[] = [];
  #byId = new Map<string, SteeringEntry>();
  #seq = 0;

  push(input: { text: string; kind: SteeringKind }): SteeringEntry {
    const seq = ++this.#seq;
    const prefix = input.kind === "user" ? "steer" : "notify";
    const entry: SteeringEntry = {
      id: `${prefix}-${seq.toString(16).padStart(4, "0")}${randomBytes(3).toString("hex")}`,
      kind: input.kind,
      text: input.text,
      seq,
      at: Date.now(),
      handlers: new Set<string>(),
    };
    this.#entries.push(entry);
    this.#byId.set(entry.id, entry);
    return entry;
  }

  getMessageCount(): number {
    return this.#entries.length;
  }

  at(index: number): SteeringEntry | undefined {
    return this.#entries[index];
  }

  get(id: string): SteeringEntry | undefined {
    return this.#byId.get(id);
  }

  ids(): string[] {
    return this.#entries.map((entry) => entry.id);
  }

  recordHandler(id: string, executionId: string): void {
    this.#byId.get(id)?.handlers.add(executionId);
  }

  isAcknowledged(id: string): boolean {
    return (this.#byId.get(id)?.handlers.size ?? 0) > 0;
  }

  /** Removes every entry; returns the ids removed. */
  empty(): string[] {
    const removed = this.ids();
    this.#entries = [];
    this.#byId.clear();
    return removed;
  }
}
