import { steeringId } from "../platform/ids";

export type SteeringSource = "user" | "workflow" | "system";

export interface SteeringEntry {
  id: string;
  /** "user" for a person's steer, "notification" for workflow and system notices */
  kind: "user" | "notification";
  source: SteeringSource;
  text: string;
  handlers: Set<string>;
  createdAt: number;
}

interface SteeringJournal {
  entries: SteeringEntry[];
  epoch: number;
}

/** Session-wide steering queue; each execution keeps its own read position into `journal.entries`. */
export class SteeringQueue {
  readonly journal: SteeringJournal;
  readonly messageById: Map<string, SteeringEntry>;
  private readonly limit: number;

  constructor(limit = 200) {
    this.journal = { entries: [], epoch: 0 };
    this.messageById = new Map();
    this.limit = limit;
  }

  enqueue(text: string, source: SteeringSource): SteeringEntry {
    if (this.journal.entries.length >= this.limit) {
      throw new RangeError(`steering queue limit (${this.limit}) reached`);
    }
    const kind = source === "user" ? "user" : "notification";
    const entry: SteeringEntry = {
      id: steeringId(kind === "user" ? "steer" : "notify"),
      kind,
      source,
      text,
      handlers: new Set(),
      createdAt: Date.now(),
    };
    this.journal.entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }

  /** An execution reports that it dealt with a message. */
  markHandledBy(messageId: string, executionId: string): void {
    this.messageById.get(messageId)?.handlers.add(executionId);
  }

  isHandled(t: string): boolean {
    const r = this.messageById.get(t);
    return r !== undefined && r.handlers.size > 0;
  }

  /** Empty the queue and hand back what it held. */
  reset(): SteeringEntry[] {
    const dropped = this.journal.entries;
    this.journal.entries = [];
    this.messageById.clear();
    return dropped;
  }
}
