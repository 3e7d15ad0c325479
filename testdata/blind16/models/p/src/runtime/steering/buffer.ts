import { nextMessageId } from "../ids";

export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  handlers: Set<string>;
  queuedAt: number;
}

/**
 * The session's steering messages, oldest first (a Map keeps insertion order).
 * A reader's position is a plain index into that order, kept by the reader.
 */
export class SteeringBuffer {
  messageById: Map<string, SteeringMessage>;
  epoch: number;

  constructor() {
    this.messageById = new Map();
    this.epoch = 0;
  }

  get total(): number {
    return this.messageById.size;
  }

  /** Messages from position `index` on. */
  since(index: number): SteeringMessage[] {
    if (index >= this.messageById.size) return [];
    return Array.from(this.messageById.values()).slice(index);
  }

  push(kind: SteeringKind, text: string): SteeringMessage {
    const message: SteeringMessage = {
      id: nextMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: new Set(),
      queuedAt: Date.now(),
    };
    this.messageById.set(message.id, message);
    return message;
  }

  acknowledge(id: string, executionId: string): void {
    this.messageById.get(id)?.handlers.add(executionId);
  }

  isHandled(id: string): boolean {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  reset(): string[] {
    const ids = Array.from(this.messageById.keys());
    this.messageById.clear();
    return ids;
  }
}
