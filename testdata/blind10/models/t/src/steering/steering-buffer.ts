import { newSteeringMessageId } from "../util/ids";

/** Who put a message on the buffer: a person, or a workflow/system notification. */
export type SteeringOrigin = "user" | "workflow" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringOrigin;
  readonly text: string;
  /** executions that acknowledged handling this message */
  readonly handlers: Set<string>;
  readonly queuedAt: number;
}

const NOTIFICATION_PREFIX = /^\s*\[notification\/[a-z]+\]/i;

/**
 * The session's live-steering buffer. It belongs to the session; every execution of the
 * session reads it through its own cursor (AgentExecution.steeringReaderIndex).
 */
export class SteeringBuffer {
  private readonly messages: SteeringMessage[] = [];
  readonly messageById = new Map<string, SteeringMessage>();

  constructor(readonly sessionId: string, private readonly capacity = 256) {}

  push(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const kind: SteeringOrigin = origin === "user" && NOTIFICATION_PREFIX.test(text) ? "system" : origin;
    const message: SteeringMessage = {
      id: newSteeringMessageId(kind === "user"),
      kind,
      text,
      handlers: new Set<string>(),
      queuedAt: Date.now(),
    };
    if (this.messages.length >= this.capacity) {
      throw new Error(`steering buffer for ${this.sessionId} is full (${this.capacity} messages)`);
    }
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

  bufferedCount(): number {
    return this.messages.length;
  }

  messageAt(index: number): SteeringMessage | undefined {
    return this.messages[index];
  }

  ids(): string[] {
    return this.messages.map((message) => message.id);
  }

  /** Record that an execution handled a message. Moves no cursor. */
  acknowledge(messageId: string, executionId: string): boolean {
    const message = this.messageById.get(messageId);
    if (message === undefined) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(t: string): boolean {
    const r = this.messageById.get(t);
    return r !== undefined && r.handlers.size > 0;
  }

  /** Drop every message; returns what was dropped. */
  clear(): SteeringMessage[] {
    const removed = this.messages.splice(0, this.messages.length);
    this.messageById.clear();
    return removed;
  }
}
