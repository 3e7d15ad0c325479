import { newSteeringMessageId } from "../common/ids";

/** Where a steering message came from. */
export type SteeringOrigin = "user" | "workflow" | "system" | "hook";

/**
 * `user` is text a person typed while the agent was working; everything else
 * (workflow step notifications, system notices) is informational.
 */
export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly origin: SteeringOrigin;
  readonly text: string;
  readonly receivedAt: number;
  /** Executions that acknowledged (handled) this message. */
  readonly handlers: Set<string>;
}

const NOTIFICATION_MARKER = /^\s*\[notification\/(?:info|success|warning|error)\]/i;

export function classifySteering(text: string, origin: SteeringOrigin): SteeringKind {
  if (origin === "user") {
    // clients relay some notifications through the steer endpoint
    return NOTIFICATION_MARKER.test(text) ? "system" : "user";
  }
  return origin === "workflow" ? "workflow" : "system";
}

/**
 * The session's live-steering buffer. One per session, shared by every
 * execution of that session through its `sessionServices`; each execution
 * keeps its own read position (`steeringReaderIndex`) into `messages`.
 */
export class SteeringBuffer {
  messages: SteeringMessage[] = [];
  readonly messageById = new Map<string, SteeringMessage>();

  push(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const kind = classifySteering(text, origin);
    const message: SteeringMessage = {
      id: newSteeringMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      origin,
      text,
      receivedAt: Date.now(),
      handlers: new Set<string>(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

  /** Records that `executionId` handled the message. Returns false for an unknown (e.g. cleared) id. */
  acknowledge(messageId: string, executionId: string): boolean {
    const message = this.messageById.get(messageId);
    if (message === undefined) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(t: string): boolean {
    let r = this.messageById.get(t);
    return r !== undefined && r.handlers.size > 0;
  }

  /** Drops every message and returns their ids (oldest first). */
  takeAll(): string[] {
    const ids = this.messages.map((message) => message.id);
    this.messages = [];
    this.messageById.clear();
    return ids;
  }
}
