// src/steering/steering-store.ts: the session's steering buffer.
import { Injectable, ServiceId } from "../di/container.js";
import { SteeringKind, type SteeringEntry } from "./kinds.js";

interface SteeringState {
  messages: SteeringEntry[];
  epoch: number;
}

let sequence = 0;

function nextId(kind: SteeringKind): string {
  sequence += 1;
  let random = Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, "0");
  let prefix = kind === SteeringKind.User ? "steer" : "notify";
  return prefix + "-" + Date.now().toString(16) + sequence.toString(16).padStart(4, "0") + random;
}

@Injectable(ServiceId.SteeringStore)
export class SteeringStore {
  state: SteeringState;
  messageById: Map<string, SteeringEntry>;

  constructor() {
    this.state = { messages: [], epoch: 0 };
    this.messageById = new Map();
  }

  enqueue(text: string, kind: SteeringKind): SteeringEntry {
    let entry: SteeringEntry = { id: nextId(kind), kind, text, createdAt: Date.now(), handlers: new Set() };
    this.state.messages.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }

  acknowledge(id: string, executionId: string): boolean {
    let entry = this.messageById.get(id);
    if (entry == null) return false;
    entry.handlers.add(executionId);
    return true;
  }

  isHandled(id: string): boolean {
    let entry = this.messageById.get(id);
    return entry !== void 0 && entry.handlers.size > 0;
  }

  /** empties the buffer and returns the ids it held */
  drainAll(): string[] {
    let removed = this.state.messages.splice(0, this.state.messages.length);
    for (let entry of removed) this.messageById.delete(entry.id);
    return removed.map((entry) => entry.id);
  }

  bumpEpoch(): number {
    this.state.epoch += 1;
    return this.state.epoch;
  }
}
