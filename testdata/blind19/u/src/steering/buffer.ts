import { EventEmitter } from "node:events";
import { randomUUID } from "node:crypto";

export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  createdAt: number;
  handlers: Set<string>;
}

interface BufferState {
  items: SteeringMessage[];
  byId: Map<string, SteeringMessage>;
}

function shortHex(): string {
  return randomUUID().replace(/-/g, "").slice(0, 12);
}

// Session-scoped steering buffer. Readers keep their own cursor into state.items.
export class SteeringBuffer extends EventEmitter {
  readonly state: BufferState = { items: [], byId: new Map() };

  add(text: string, kind: SteeringKind = "user"): SteeringMessage {
    const message: SteeringMessage = {
      id: `${kind === "user" ? "steer" : "notify"}-${shortHex()}`,
      kind,
      text,
      createdAt: Date.now(),
      handlers: new Set(),
    };
    this.state.items.push(message);
    this.state.byId.set(message.id, message);
    this.emit("queued", message);
    return message;
  }

  acknowledge(id: string, executionId: string): boolean {
    const message = this.state.byId.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(id: string): boolean {
    const message = this.state.byId.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  clear(): string[] {
    const ids = this.state.items.map((m) => m.id);
    this.state.items.splice(0, this.state.items.length);
    this.state.byId.clear();
    this.emit("cleared", ids);
    return ids;
  }
}
