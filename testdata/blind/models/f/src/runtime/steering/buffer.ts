// src/runtime/steering/buffer.ts
import { steeringId } from "../../core/ids.js";

/** "user" is a person's steer; the rest are notifications. */
export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringEntry {
  id: string;
  kind: SteeringKind;
  text: string;
  receivedAt: number;
  /** ids of executions that acknowledged the entry */
  handlers: Set<string>;
}

function kindFor(origin: string): SteeringKind {
  if (origin === "user") return "user";
  return origin === "system" ? "system" : "workflow";
}

/** The session's live-steering buffer; readers keep their own cursors. */
export class LiveSteeringBuffer {
  #entries: SteeringEntry[];
  messageById: Map<string, SteeringEntry>;
  appended: number;

  constructor() {
    this.#entries = [];
    this.messageById = new Map();
    this.appended = 0;
  }

  push(text: string, origin: string): SteeringEntry {
    let kind = kindFor(origin);
    let entry: SteeringEntry = { id: steeringId(kind === "user"), kind, text, receivedAt: Date.now(), handlers: new Set() };
    this.#entries.push(entry);
    this.messageById.set(entry.id, entry);
    this.appended++;
    return entry;
  }

  size(): number {
    return this.#entries.length;
  }

  at(index: number): SteeringEntry | undefined {
    return this.#entries[index];
  }

  snapshot(): readonly SteeringEntry[] {
    return [...this.#entries];
  }

  recordHandler(messageId: string, executionId: string): void {
    let entry = this.messageById.get(messageId);
    entry && entry.handlers.add(executionId);
  }

  isHandled(messageId: string): boolean {
    let entry = this.messageById.get(messageId);
    if (entry === undefined) return false;
    return entry.handlers.size > 0;
  }

  /** Drops every entry; returns their ids. Readers' cursors are left as they are. */
  reset(): string[] {
    let ids = this.#entries.map((e) => e.id);
    this.#entries = [];
    this.messageById.clear();
    return ids;
  }
}
