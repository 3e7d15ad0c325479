// src/steering/steering-buffer.ts — the session-wide buffer of live steering.
import { shortHex } from "../util/ids.js";
import { logger } from "../util/logger.js";

export class SteeringBuffer {
  #listeners = new Set();

  constructor(sessionId) {
    this.sessionId = sessionId;
    // messages live in a nested store so that snapshots can be swapped atomically
    this.store = { items: [], byId: new Map() };
    this.steeringEpoch = 0;
  }

  onUpdate(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(kind, messageIds) {
    for (const listener of this.#listeners) {
      try {
        listener({ sessionId: this.sessionId, kind, messageIds });
      } catch (error) {
        logger.warn(`[SteeringBuffer] listener failed: ${error?.message}`);
      }
    }
  }

  push(text, kind = "user") {
    const prefix = kind === "user" ? "steer" : "notify";
    const message = {
      id: `${prefix}-${shortHex()}`,
      kind,
      text,
      receivedAt: Date.now(),
      handlers: new Set(),
    };
    this.store.items.push(message);
    this.store.byId.set(message.id, message);
    this.#emit("steering_queued", [message.id]);
    return message;
  }

  get(id) {
    return this.store.byId.get(id);
  }

  acknowledge(id, executionId) {
    const message = this.store.byId.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(id) {
    const message = this.store.byId.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  clear(reason) {
    const removed = this.store.items.splice(0);
    this.store.byId.clear();
    const messageIds = removed.map((m) => m.id);
    if (messageIds.length > 0) {
      logger.debug(`[SteeringBuffer] cleared ${messageIds.length} message(s) (${reason})`);
      this.#emit("steering_cleared", messageIds);
    }
    return messageIds;
  }

  bumpEpoch() {
    this.steeringEpoch += 1;
    return this.steeringEpoch;
  }

  reportInjected(messageIds) {
    if (messageIds.length === 0) return;
    this.#emit("steering_injected", messageIds);
    this.#emit("steering_cleared", messageIds);
  }
}
