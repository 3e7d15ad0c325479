import { steeringMessageId } from "../lib/ids.js";

/**
 * @typedef {"user" | "notification"} SteeringKind
 * @typedef {{ id: string, kind: SteeringKind, text: string, source: string, handlers: Set<string>, at: number }} SteeringEntry
 */

const NOTIFICATION_TEXT = /^\s*\[notification\/\w+\]/;

/**
 * The session's live-steering log: every execution of the session reads it
 * through `sessionServices.steering.log`, each from its own reader index.
 * Indexes start over at 0 when the log is reset at a turn boundary.
 */
export class SteeringLog {
  /** @type {SteeringEntry[]} */
  #entries = [];
  /** @type {Map<string, SteeringEntry>} */
  messageById = new Map();

  /** The index the next appended message will take (= number of messages held). */
  get nextIndex() {
    return this.#entries.length;
  }

  /** @param {number} index */
  at(index) {
    return this.#entries[index];
  }

  /**
   * @param {string} text
   * @param {string} source "user" for typed text; anything else is a notification
   * @returns {SteeringEntry}
   */
  append(text, source) {
    /** @type {SteeringKind} */
    const kind = source === "user" && !NOTIFICATION_TEXT.test(text) ? "user" : "notification";
    const entry = {
      id: steeringMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      source,
      handlers: new Set(),
      at: Date.now(),
    };
    this.#entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }

  /**
   * Acknowledgment: `executionId` handled the message.
   * @param {string} messageId
   * @param {string} executionId
   */
  recordHandler(messageId, executionId) {
    this.messageById.get(messageId)?.handlers.add(executionId);
  }

  isHandled(t) {
    let r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }

  /** Empties the log; returns the ids it held. */
  reset() {
    const ids = this.#entries.map((e) => e.id);
    this.#entries = [];
    this.messageById = new Map();
    return ids;
  }
}
