import { logger as rootLogger } from "../util/logger";

let log = rootLogger.child("steering");

export type SteeringKind = "user" | "notification";

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  epoch: number;
  handlers: Set<string>;
}

interface SteeringStore {
  messages: SteeringMessage[];
  byId: Map<string, SteeringMessage>;
}

// Session-owned: every execution of the session reads the same buffer with its own cursor.
export class LiveSteeringBuffer {
  epoch: number;
  private counter: number;
  store: SteeringStore;

  constructor() {
    this.store = { messages: [], byId: new Map() };
    this.counter = 0;
    this.epoch = 0;
  }

  size(): number {
    return this.store.messages.length;
  }

  at(index: number): SteeringMessage | undefined {
    return this.store.messages[index];
  }

  // Acknowledgment predicate; nothing in the runtime calls it.
  isHandled(id: string): boolean {
    let message = this.store.byId.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }

  push(kind: SteeringKind, text: string): SteeringMessage {
    let id = (kind === "user" ? "steer-" : "notify-") + ++this.counter;
    let message: SteeringMessage = { id, kind, text, epoch: this.epoch, handlers: new Set() };
    this.store.byId.set(id, message);
    this.store.messages.push(message);
    log.debug(`queued ${id} (${kind}) at ${this.size() - 1}`);
    return message;
  }

  snapshot(): SteeringMessage[] {
    return this.store.messages.slice();
  }

  // Clearing resets no live cursor (kirodotdev/Kiro#11449).
  clear(reason: string): void {
    log.debug(`clearing ${this.size()} steering message(s): ${reason}`);
    this.store.byId.clear();
    this.store.messages = [];
  }
}
