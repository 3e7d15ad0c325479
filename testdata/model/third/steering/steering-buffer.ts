import { randomUUID } from "node:crypto";
import type { Logger } from "../util/log";
import { nextNoticeId } from "../util/ids";
import type { SteeringKind, SteeringMessage, SteeringOrigin } from "./steering-types";

function kindOf(origin: SteeringOrigin): SteeringKind {
  return origin === "user" ? "user" : "notification";
}

/**
 * The session's live-steering buffer. Messages typed while a turn runs (and
 * workflow notices) are appended here; every execution of the session reads it
 * through its own cursor (AgentExecution.steeringReaderIndex).
 */
export class SteeringBuffer {
  private readonly entries: SteeringMessage[] = [];
  private readonly index = new Map<string, SteeringMessage>();
  private appended = 0;

  constructor(private readonly logger?: Logger) {}

  /** Number of messages currently held (the bound every cursor is compared with). */
  get count(): number {
    return this.entries.length;
  }

  add(text: string, origin: SteeringOrigin = "user"): string {
    const message: SteeringMessage = {
      id: origin === "user" ? `steer-${randomUUID()}` : nextNoticeId(),
      kind: kindOf(origin),
      text,
      handlers: new Set(),
      sequence: ++this.appended,
    };
    this.entries.push(message);
    this.index.set(message.id, message);
    this.logger?.debug(`steering buffer: ${message.id} queued (${message.kind}, ${this.entries.length} held)`);
    return message.id;
  }

  at(position: number): SteeringMessage {
    return this.entries[position]!;
  }

  lookup(id: string): SteeringMessage | undefined {
    return this.index.get(id);
  }

  /** Whether any execution has been handed this message. */
  isHandled(id: string): boolean {
    return (this.index.get(id)?.handlers.size ?? 0) > 0;
  }

  /** Drops every held message. Cursors are owned by executions and are left alone. */
  clear(reason: string): void {
    const dropped = this.entries.splice(0, this.entries.length);
    this.index.clear();
    this.logger?.debug(`steering buffer cleared (${reason}): ${dropped.length} dropped`);
  }
}
