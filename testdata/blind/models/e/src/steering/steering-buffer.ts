// src/steering/steering-buffer.ts
import { newSteeringId } from "../util/ids.js";

/** A person's steer is "user"; workflow and system notifications are "notification". */
export type SteeringKind = "user" | "notification";

export type SteeringOrigin = "user" | "workflow" | "system" | "hook";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly origin: SteeringOrigin;
  readonly text: string;
  readonly createdAt: number;
  /** executions that acknowledged (handled) this message */
  readonly handlers: Set<string>;
}

/**
 * The session's live-steering buffer. Messages are appended in arrival order; each
 * execution keeps its own read cursor into `messages` (AgentExecution.steeringReaderIndex).
 */
export class SteeringBuffer {
  readonly messages: SteeringMessage[] = [];
  readonly messageById = new Map<string, SteeringMessage>();
  epoch = 0;
  totalAppended = 0;

  append(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const kind: SteeringKind = origin === "user" ? "user" : "notification";
    const message: SteeringMessage = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      origin,
      text,
      createdAt: Date.now(),
      handlers: new Set(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    this.totalAppended++;
    return message;
  }

  /** Records that `executionId` handled the message. Changes no cursor. */
  acknowledge(messageId: string, executionId: string): boolean {
    const message = this.messageById.get(messageId);
    if (message === undefined) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(messageId: string): boolean {
    const message = this.messageById.get(messageId);
    return message !== undefined && message.handlers.size > 0;
  }

  get(messageId: string): SteeringMessage | undefined {
    return this.messageById.get(messageId);
  }

  pendingUserText(from: number): string[] {
    return this.messages.slice(from).filter((m) => m.kind === "user").map((m) => m.text);
  }

  /** Empties the buffer and returns the ids it held. Live cursors are not touched. */
  clear(): string[] {
    const removed = this.messages.splice(0, this.messages.length);
    for (const m of removed) this.messageById.delete(m.id);
    return removed.map((m) => m.id);
  }
}
