import { ids } from "../core/ids";

export type SteeringEntryKind = "user" | "notification";

export interface SteeringEntry {
  id: string;
  kind: SteeringEntryKind;
  text: string;
  handlers: Set<string>;
  queuedAt: Date;
}

/** Session-wide live steering inbox; each execution reads it through its own cursor. */
export class SteeringInbox {
  private readonly entries: SteeringEntry[] = [];
  readonly messageById = new Map<string, SteeringEntry>();

  append(kind: SteeringEntryKind, text: string): SteeringEntry {
    const entry: SteeringEntry = { id: ids.steering(kind), kind, text, handlers: new Set(), queuedAt: new Date() };
    this.entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }

  size(): number {
    return this.entries.length;
  }

  *entriesFrom(start: number): Generator<[number, SteeringEntry]> {
    for (let index = start; index < this.entries.length; index++) yield [index, this.entries[index]];
  }

  /** acknowledgment: the execution handled (answered) the entry */
  markHandled(id: string, executionId: string): void {
    this.messageById.get(id)?.handlers.add(executionId);
  }

  isHandled(id: string): boolean {
    const entry = this.messageById.get(id);
    return entry !== undefined && entry.handlers.size > 0;
  }

  reset(): string[] {
    const removed = this.entries.map((entry) => entry.id);
    this.entries.length = 0;
    this.messageById.clear();
    return removed;
  }
}
