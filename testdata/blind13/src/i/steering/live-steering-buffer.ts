import { nextHexId } from "../util/ids";

export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  handlers: Set<string>;
  receivedAt: number;
}

/**
 * Session-wide buffer of live steering. One per session; every execution of the
 * session reads it through its own cursor.
 */
export class LiveSteeringBuffer {
  readonly store: { list: SteeringMessage[]; byId: Map<string, SteeringMessage> } = {
    list: [],
    byId: new Map(),
  };
  epoch = 0;

  append(text: string, kind: SteeringKind): SteeringMessage {
    const message: SteeringMessage = {
      id: `${kind === "user" ? "steer" : "notify"}-${nextHexId()}`,
      kind,
      text,
      handlers: new Set(),
      receivedAt: Date.now(),
    };
    this.store.list.push(message);
    this.store.byId.set(message.id, message);
    return message;
  }

  /** Record that an execution handled a message. Changes no cursor. */
  acknowledge(messageId: string, executionId: string): boolean {
    const message = this.store.byId.get(messageId);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(messageId: string): boolean {
    const message = this.store.byId.get(messageId);
    return message !== undefined && message.handlers.size > 0;
  }

  /** Drop every message and start a new epoch. */
  clear(): string[] {
    const removed = this.store.list.splice(0, this.store.list.length);
    this.store.byId.clear();
    this.epoch++;
    return removed.map((message) => message.id);
  }
}
