import { EventEmitter } from "node:events";
import { hexToken } from "../core/tokens.js";

export type EntryKind = "user" | "notification";

export interface SteeringEntry {
  id: string;
  kind: EntryKind;
  text: string;
  origin: string;
  at: number;
  handlers: Set<string>;
}

export interface InboxEvents {
  added: [SteeringEntry];
  cleared: [{ ids: string[]; reason: string }];
}

/**
 * Steering typed while a prompt runs, kept per session until the turn boundary.
 * Readers (executions) hold their own positions into it.
 */
export class SteeringInbox extends EventEmitter<InboxEvents> {
  #entries: SteeringEntry[] = [];
  #byId = new Map<string, SteeringEntry>();
  epoch = 0;

  total(): number {
    return this.#entries.length;
  }

  entryAt(position: number): SteeringEntry | undefined {
    return this.#entries[position];
  }

  post(text: string, origin: string): SteeringEntry {
    const kind: EntryKind = origin === "user" ? "user" : "notification";
    const entry: SteeringEntry = {
      id: hexToken(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      origin,
      at: Date.now(),
      handlers: new Set(),
    };
    this.#entries.push(entry);
    this.#byId.set(entry.id, entry);
    this.emit("added", entry);
    return entry;
  }

  acknowledge(id: string, executionId: string): void {
    this.#byId.get(id)?.handlers.add(executionId);
  }

  isHandled(t: string): boolean {
    const r = this.#byId.get(t);
    return r !== undefined && r.handlers.size > 0;
  }

  clear(reason: string): string[] {
    const ids = this.#entries.map((entry) => entry.id);
    this.#entries = [];
    this.#byId.clear();
    this.emit("cleared", { ids, reason });
    return ids;
  }
}
