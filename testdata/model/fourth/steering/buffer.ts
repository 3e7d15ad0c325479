import { rootLog } from "../util/log";

const log = rootLog.scoped("steering");

export type EntryKind = "user" | "workflow";

export interface SteeringEntry {
  id: string;
  kind: EntryKind;
  text: string;
  receivedAt: number;
  // executions that were handed this entry
  handlers: Set<string>;
}

// One per session. Executions read it through their own cursor; the buffer
// knows nothing about cursors, so clearing it moves none (Kiro#11449).
export class SessionSteeringBuffer {
  private entries: SteeringEntry[];
  private readonly byId: Map<string, SteeringEntry>;
  private minted: number;

  constructor() {
    this.entries = [];
    this.byId = new Map();
    this.minted = 0;
  }

  size(): number {
    return this.entries.length;
  }

  get(position: number): SteeringEntry | undefined {
    return this.entries[position];
  }

  append(kind: EntryKind, text: string): SteeringEntry {
    this.minted += 1;
    const entry: SteeringEntry = {
      id: (kind === "user" ? "steer-" : "notify-") + this.minted,
      kind,
      text,
      receivedAt: this.minted,
      handlers: new Set(),
    };
    this.entries.push(entry);
    this.byId.set(entry.id, entry);
    log.debug(`buffered ${entry.id} (${kind}); ${this.entries.length} pending`);
    return entry;
  }

  isHandled(id: string): boolean {
    const entry = this.byId.get(id);
    return entry ? entry.handlers.size > 0 : false;
  }

  clear(why: string): number {
    const dropped = this.entries.length;
    this.entries = [];
    this.byId.clear();
    log.debug(`steering cleared (${why}), ${dropped} dropped`);
    return dropped;
  }
}
