import { logger as rootLogger } from "../util/logger";

const logger = rootLogger.child("steering");

export type SteeringKind = "user" | "notification";

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  epoch: number;
  handlers: Set<string>;
}

// Session-owned: every execution of the session reads the same buffer with its own cursor.
export class LiveSteeringBuffer {
  private messages: SteeringMessage[] = [];
  private messageById = new Map<string, SteeringMessage>();
  private sequence = 0;
  epoch = 0;

  get length(): number {
    return this.messages.length;
  }

  at(index: number): SteeringMessage | undefined {
    return this.messages[index];
  }

  push(kind: SteeringKind, text: string): SteeringMessage {
    const id = `${kind === "user" ? "steer" : "notify"}-${++this.sequence}`;
    const message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set() };
    this.messages.push(message);
    this.messageById.set(id, message);
    logger.debug(`queued ${id} (${kind}) at ${this.messages.length - 1}`);
    return message;
  }

  // Acknowledgment predicate; nothing in the runtime calls it.
  isHandled(id: string): boolean {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  // Clearing resets no live cursor (kirodotdev/Kiro#11449).
  clear(reason: string): void {
    logger.debug(`clearing ${this.messages.length} steering message(s): ${reason}`);
    this.messages = [];
    this.messageById.clear();
  }

  snapshot(): SteeringMessage[] {
    return [...this.messages];
  }
}
