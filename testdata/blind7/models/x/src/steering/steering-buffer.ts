// src/steering/steering-buffer.ts: the session's live steering buffer (one per session, shared by every execution).
export type SteeringKind = "user" | "notification";

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  receivedAt: number;
  handlers: Set<string>;
}

function shortHex(): string {
  return crypto.randomUUID().replace(/-/g, "").slice(0, 12);
}

export class SteeringBuffer {
  private messages: SteeringMessage[] = [];
  private messageById = new Map<string, SteeringMessage>();
  epoch = 0;

  get length(): number {
    return this.messages.length;
  }

  at(index: number): SteeringMessage | undefined {
    return this.messages[index];
  }

  push(text: string, kind: SteeringKind): SteeringMessage {
    const message: SteeringMessage = {
      id: `${kind === "user" ? "steer" : "notify"}-${shortHex()}`,
      kind,
      text,
      receivedAt: Date.now(),
      handlers: new Set(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    return message;
  }

  acknowledge(messageId: string, executionId: string): void {
    const message = this.messageById.get(messageId);
    if (message) message.handlers.add(executionId);
  }

  isHandled(messageId: string): boolean {
    const message = this.messageById.get(messageId);
    return message !== undefined && message.handlers.size > 0;
  }

  clear(): string[] {
    const ids = this.messages.map((m) => m.id);
    this.messages = [];
    this.messageById.clear();
    return ids;
  }
}
