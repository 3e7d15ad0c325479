import { newSteeringId } from "../util/ids";
import type { SteeringJournal, SteeringKind, SteeringMessage, SteeringOrigin } from "./types";

const NOTIFICATION_MARKER = /^\s*\[notification\/[a-z]+\]/i;

function classify(text: string, origin: SteeringOrigin): SteeringKind {
  if (origin !== "user") return origin;
  return NOTIFICATION_MARKER.test(text) ? "system" : "user";
}

/**
 * Session-wide buffer of live steering. Executions keep their own read cursor
 * (AgentExecution.steeringReaderIndex) into `journal.entries`.
 */
export class LiveSteeringBuffer {
  readonly journal: SteeringJournal = { entries: [], epoch: 0 };
  private readonly messageById = new Map<string, SteeringMessage>();

  push(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const kind = classify(text, origin);
    const message: SteeringMessage = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: new Set(),
      receivedAt: Date.now(),
    };
    this.journal.entries.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

  get(id: string): SteeringMessage | undefined {
    return this.messageById.get(id);
  }

  /** Record that an execution handled a message. */
  markHandled(id: string, executionId: string): boolean {
    const message = this.messageById.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(id: string): boolean {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  /** Empties the journal; returns the ids that were dropped. */
  reset(reason: string): string[] {
    const dropped = this.journal.entries.splice(0, this.journal.entries.length);
    this.messageById.clear();
    this.journal.lastClearReason = reason;
    return dropped.map((m) => m.id);
  }
}
