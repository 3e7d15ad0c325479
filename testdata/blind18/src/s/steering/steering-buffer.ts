import { shortHexId } from "../runtime/ids.js";

/** "user" is a person's steer; everything else is a notification posted by a workflow or the system. */
export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  readonly receivedAt: number;
  /** executions that acknowledged handling this message */
  readonly handlers: Set<string>;
}

/**
 * The session's live-steering buffer. Messages stay here until the turn ends (or the
 * user clears them); each execution keeps its own read cursor into it.
 */
export class SteeringBuffer {
  private messages: SteeringMessage[] = [];
  private readonly messageById = new Map<string, SteeringMessage>();

  get length(): number {
    return this.messages.length;
  }

  push(input: { kind: SteeringKind; text: string }): SteeringMessage {
    const prefix = input.kind === "user" ? "steer" : "notify";
    const message: SteeringMessage = {
      id: `${prefix}-${shortHexId()}`,
      kind: input.kind,
      text: input.text,
      receivedAt: Date.now(),
      handlers: new Set<string>(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

  at(index: number): SteeringMessage | undefined {
    return this.messages[index];
  }

  get(id: string): SteeringMessage | undefined {
    return this.messageById.get(id);
  }

  /** Records that `executionId` handled message `id`. Changes no cursor. */
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
    return this.messages.map((message) => message.id);
  }

  /** Drops every message; returns the ids that were dropped. */
  clear(): string[] {
    const ids = this.pendingIds();
    this.messages = [];
    this.messageById.clear();
    return ids;
  }
}
