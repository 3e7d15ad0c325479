import { randomBytes } from "node:crypto";

let sequence = 0;
function nextId(prefix) {
  sequence = (sequence + 1) >>> 0;
  return `${prefix}-${sequence.toString(16).padStart(4, "0")}${randomBytes(4).toString("hex")}`;
}

/**
 * Session-owned queue of live steering. Entries are never removed while a turn runs;
 * each execution reads it through its own cursor.
 */
export class SteeringQueue {
  #entries = [];
  #index = new Map();
  #listeners = new Set();

  total() {
    return this.#entries.length;
  }

  at(position) {
    return this.#entries[position];
  }

  push(kind, text) {
    const entry = {
      id: nextId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      receivedAt: new Date().toISOString(),
      handlers: new Set(),
    };
    this.#entries.push(entry);
    this.#index.set(entry.id, entry);
    for (const fn of this.#listeners) fn("queued", entry);
    return entry;
  }

  markHandled(id, executionId) {
    const entry = this.#index.get(id);
    if (entry) entry.handlers.add(executionId);
    return entry !== undefined;
  }

  isHandled(id) {
    const entry = this.#index.get(id);
    return entry !== undefined && entry.handlers.size > 0;
  }

  reset() {
    const removed = this.#entries.map((e) => e.id);
    this.#entries = [];
    this.#index.clear();
    for (const fn of this.#listeners) fn("cleared", removed);
    return removed;
  }

  subscribe(fn) {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
  }
}
