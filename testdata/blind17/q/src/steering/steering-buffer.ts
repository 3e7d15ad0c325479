import { Injectable } from "../di/container.js";
import { newNotificationId, newSteeringId } from "./ids.js";

/** "user" is a person's steer; the others are notifications. */
export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  receivedAt: number;
  /** executions that acknowledged (handled) the message */
  handlers: Set<string>;
}

export function kindForOrigin(origin: string | undefined): SteeringKind {
  if (origin === undefined || origin === "user" || origin === "client") return "user";
  return origin === "system" ? "system" : "workflow";
}

/**
 * The session's live-steering buffer. Messages stay in arrival order until the
 * turn boundary clears them; each execution reads it through its own cursor.
 */
@Injectable("steeringBuffer", { scope: "session" })
export class SteeringBuffer {
  readonly messages: SteeringMessage[] = [];
  private readonly messageById = new Map<string, SteeringMessage>();
  epoch = 0;

  record(kind: SteeringKind, text: string): SteeringMessage {
    const message: SteeringMessage = {
      id: kind === "user" ? newSteeringId() : newNotificationId(),
      kind,
      text,
      receivedAt: Date.now(),
      handlers: new Set(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

  get(id: string): SteeringMessage | undefined {
    return this.messageById.get(id);
  }

  acknowledge(id: string, executionId: string): boolean {
    const message = this.messageById.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(id: string): boolean {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  pendingIds(): string[] {
    return this.messages.map((m) => m.id);
  }

  /** Empties the buffer and returns the ids it held. */
  clear(): string[] {
    const removed = this.messages.splice(0);
    for (const message of removed) this.messageById.delete(message.id);
    return removed.map((m) => m.id);
  }
}
