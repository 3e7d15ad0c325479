import { newSteeringMessageId } from "../util/ids";
import type { ClearResult, SteeringMessage, SteeringOrigin } from "./types";

/**
 * The session's steering buffer. Every execution of the session reads it through
 * its own cursor (AgentExecution.steeringReaderIndex); the store itself keeps no
 * per-reader state.
 */
export class SteeringStore {
  readonly entries: SteeringMessage[] = [];
  #byId = new Map<string, SteeringMessage>();
  epoch = 0;

  push(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const kind = origin === "user" ? "user" : "notification";
    const message: SteeringMessage = {
      id: newSteeringMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      origin,
      text,
      queuedAt: Date.now(),
      handlers: new Set(),
    };
    this.entries.push(message);
    this.#byId.set(message.id, message);
    return message;
  }

  get(id: string): SteeringMessage | undefined {
    return this.#byId.get(id);
  }

  acknowledge(id: string, executionId: string): boolean {
    const message = this.#byId.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(id: string): boolean {
    const message = this.#byId.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  drop(reason: string): ClearResult {
    const removed = this.entries.splice(0, this.entries.length);
    this.#byId.clear();
    return { reason, messageIds: removed.map((m) => m.id) };
  }
}
