import { newSteeringId } from "../common/ids";
import type { SteeringKind, SteeringMessage, SteeringSource } from "./types";

const NOTIFICATION_TAG = /^\s*\[notification\/[a-z]+\]/i;

/**
 * Session-wide buffer of steering messages typed (or posted) while a turn runs.
 * Readers keep their own cursor into it; the buffer never tracks who has read what.
 */
export class SteeringBuffer {
  /** bumped by every explicit clear (`_session/steer/clear`) */
  epoch = 0;
  private entries: SteeringMessage[] = [];
  private readonly messageById = new Map<string, SteeringMessage>();

  add(text: string, source: SteeringSource = "user"): SteeringMessage {
    const kind: SteeringKind = source === "user" && !NOTIFICATION_TAG.test(text) ? "user" : "notification";
    const message: SteeringMessage = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: new Set<string>(),
      receivedAt: Date.now(),
      epoch: this.epoch,
    };
    this.entries.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

  size(): number {
    return this.entries.length;
  }

  at(index: number): SteeringMessage | undefined {
    return this.entries[index];
  }

  ids(): string[] {
    return this.entries.map((entry) => entry.id);
  }

  /** Record that an execution handled a message. Moves no cursor. */
  acknowledge(id: string, executionId: string): boolean {
    const message = this.messageById.get(id);
    if (message === undefined) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(id: string): boolean {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  /** Drops every message; returns their ids. Reader cursors are not touched. */
  clear(): string[] {
    const removed = this.ids();
    this.entries = [];
    this.messageById.clear();
    return removed;
  }
}
