import { steeringId } from "../support/ids.js";

/**
 * @typedef {"user" | "workflow" | "system"} SteeringKind
 * @typedef {{ id: string, kind: SteeringKind, text: string, handlers: Set<string>, queuedAt: number }} SteeringMessage
 */

const NOTIFICATION_TEXT = /^\s*\[notification\/(?:info|success|warning|error)\]/;

/** The session's live-steering queue. It is never popped: each execution reads it from its own cursor. */
export class SteeringQueue {
  constructor() {
    /** @type {SteeringMessage[]} */
    this.messages = [];
    /** @type {Map<string, SteeringMessage>} */
    this.messageById = new Map();
    this.listeners = [];
  }

  /**
   * @param {string} text
   * @param {string} [origin]
   * @returns {SteeringMessage}
   */
  enqueue(text, origin = "user") {
    /** @type {SteeringKind} */
    let kind = "user";
    if (origin === "workflow") kind = "workflow";
    else if (origin !== "user" || NOTIFICATION_TEXT.test(text)) kind = "system";
    const message = {
      id: steeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: new Set(),
      queuedAt: Date.now(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    for (const listener of this.listeners) listener("queued", [message.id]);
    return message;
  }

  acknowledge(id, executionId) {
    const message = this.messageById.get(id);
    if (message === undefined) return;
    message.handlers.add(executionId);
  }

  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  /** @returns {string[]} ids removed */
  clear() {
    const ids = this.messages.map((m) => m.id);
    this.messages = [];
    this.messageById.clear();
    for (const listener of this.listeners) listener("cleared", ids);
    return ids;
  }

  onChange(listener) {
    this.listeners.push(listener);
  }
}
