// Session-scoped live steering buffer. Every execution of the session reads it through
// its own cursor (AgentExecution.steeringReaderIndex); the buffer keeps no cursors.

import { prefixedId } from "../util/ids";
import { steeringMetrics } from "../ops/metrics";

export type SteeringOrigin = "user" | "workflow" | "system";
export type SteeringKind = "user" | "notification";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly origin: SteeringOrigin;
  readonly text: string;
  readonly queuedAt: number;
  /** executions that acknowledged (handled) this message */
  readonly handlers: Set<string>;
}

export interface ClearedSteering {
  reason: string;
  messageIds: string[];
}

const NOTIFICATION_MARKER = /^\s*\[notification\/[a-z]+\]/i;

export class SteeringBuffer {
  readonly messages: SteeringMessage[] = [];
  private readonly messageById = new Map<string, SteeringMessage>();
  private listeners: Array<(message: SteeringMessage) => void> = [];

  push(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const notification = origin !== "user" || NOTIFICATION_MARKER.test(text);
    const message: SteeringMessage = {
      id: prefixedId(notification ? "notify" : "steer"),
      kind: notification ? "notification" : "user",
      origin,
      text,
      queuedAt: Date.now(),
      handlers: new Set(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    steeringMetrics.queued.inc({ kind: message.kind });
    for (const listener of this.listeners) listener(message);
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

  isHandled(t: string): boolean {
    let r = this.messageById.get(t);
    return r !== undefined && r.handlers.size > 0;
  }

  onQueued(listener: (message: SteeringMessage) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Drops every message. Cursors held by executions are not touched. */
  drain(reason: string): ClearedSteering {
    const messageIds = this.messages.map((m) => m.id);
    this.messages.splice(0, this.messages.length);
    this.messageById.clear();
    steeringMetrics.cleared.inc({ reason });
    return { reason, messageIds };
  }
}
