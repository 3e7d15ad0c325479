// The session's live-steering log. Messages typed by the user while an agent works (and
// workflow/system notices) are appended here; every execution reads it through its own cursor.
import { newSteeringId } from "../util/ids.js";

export type SteeringOrigin = "user" | "workflow" | "system" | "hook";
export type SteeringKind = "user" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  readonly origin: SteeringOrigin;
  readonly receivedAt: number;
  /** Executions that acknowledged (handled) this message. */
  readonly handlers: Set<string>;
}

const NOTICE_PREFIX = /^\s*\[notification\/(?:info|success|warning|error)\]/i;

export function classifySteering(text: string, origin: SteeringOrigin): SteeringKind {
  if (origin !== "user") return "system";
  return NOTICE_PREFIX.test(text) ? "system" : "user";
}

export class SteeringLog {
  /** Append-only for the lifetime of a steering window; reset at turn boundaries. */
  messages: SteeringMessage[];
  private index: Map<string, SteeringMessage>;
  private listeners: Array<(message: SteeringMessage) => void>;

  constructor() {
    this.messages = [];
    this.index = new Map();
    this.listeners = [];
  }

  publish(text: string, origin: SteeringOrigin = "user"): SteeringMessage {
    const kind = classifySteering(text, origin);
    const message: SteeringMessage = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      origin,
      receivedAt: Date.now(),
      handlers: new Set(),
    };
    this.messages.push(message);
    this.index.set(message.id, message);
    for (const listener of this.listeners) listener(message);
    return message;
  }

  onPublish(listener: (message: SteeringMessage) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  find(id: string): SteeringMessage | undefined {
    return this.index.get(id);
  }

  /** Records that `executionId` handled the message. Changes nobody's cursor. */
  acknowledge(id: string, executionId: string): boolean {
    const message = this.index.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  hasHandler(id: string): boolean {
    const message = this.index.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  /** Drops every message and returns their ids. */
  reset(): string[] {
    const ids = this.messages.map((m) => m.id);
    this.messages = [];
    this.index = new Map();
    return ids;
  }
}
