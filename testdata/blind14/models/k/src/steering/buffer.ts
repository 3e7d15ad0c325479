import { newSteeringId } from "../util/ids";

export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  /** executions that acknowledged (handled) this message */
  readonly handlers: Set<string>;
  readonly receivedAt: number;
  readonly epoch: number;
}

/** The session's live-steering buffer. Readers keep their own cursor into `messages`. */
export class SteeringBuffer {
  messages: SteeringMessage[] = [];
  readonly messageById = new Map<string, SteeringMessage>();
  epoch = 0;

  push(text: string, kind: SteeringKind): SteeringMessage {
    const message: SteeringMessage = {
      id: newSteeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: new Set<string>(),
      receivedAt: Date.now(),
      epoch: this.epoch,
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

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

  clear(): string[] {
    const messageIds = this.messages.map((message) => message.id);
    this.messages = [];
    this.messageById.clear();
    return messageIds;
  }
}
