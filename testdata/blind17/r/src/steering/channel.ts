import { makeMessageId } from "../kernel/ids.js";
import { SteeringKind } from "./kinds.js";

export interface SteeringEntry {
  id: string;
  kind: SteeringKind;
  text: string;
  origin: string;
  at: number;
  handlers: Set<string>;
}

export interface PublishInput {
  kind: SteeringKind;
  text: string;
  origin: string;
}

/**
 * Session-wide steering channel. Entries stay in `store.entries` in arrival
 * order until the turn boundary drops them.
 */
export class SteeringChannel {
  store: { entries: SteeringEntry[]; since: number };
  messageById: Map<string, SteeringEntry>;
  private listeners: Array<(entry: SteeringEntry) => void>;

  constructor() {
    this.store = { entries: [], since: Date.now() };
    this.messageById = new Map();
    this.listeners = [];
  }

  publish(input: PublishInput): SteeringEntry {
    const entry: SteeringEntry = {
      id: makeMessageId(input.kind === SteeringKind.User ? "steer" : "notify"),
      kind: input.kind,
      text: input.text,
      origin: input.origin,
      at: Date.now(),
      handlers: new Set(),
    };
    this.store.entries.push(entry);
    this.messageById.set(entry.id, entry);
    for (const l of this.listeners) l(entry);
    return entry;
  }

  subscribe(listener: (entry: SteeringEntry) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  slice(from: number): SteeringEntry[] {
    return this.store.entries.slice(from);
  }

  markHandled(id: string, executionId: string): void {
    this.messageById.get(id)?.handlers.add(executionId);
  }

  isHandled(id: string): boolean {
    const entry = this.messageById.get(id);
    return entry !== undefined && entry.handlers.size > 0;
  }

  /** Drops every entry; returns the dropped ids. */
  drop(): string[] {
    const ids = this.store.entries.map((e) => e.id);
    this.store.entries = [];
    this.store.since = Date.now();
    this.messageById.clear();
    return ids;
  }
}
