// Live steering buffer shared by every execution of a session.

import { ids } from "../core/ids";
import { serverConfig } from "../config/defaults";

export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringEntry {
  id: string;
  kind: SteeringKind;
  text: string;
  createdAt: number;
  handlers: Set<string>;
}

export interface SteeringInput {
  text: string;
  origin?: string;
}

export class SteeringBuffer {
  private readonly entries: SteeringEntry[] = [];
  private readonly messageById = new Map<string, SteeringEntry>();
  generation = 0;

  add(input: SteeringInput): SteeringEntry {
    const origin = input.origin ?? "user";
    let kind: SteeringKind = "user";
    if (origin === "workflow") kind = "workflow";
    else if (origin !== "user" || input.text.trimStart().startsWith(serverConfig().steering.notificationPrefix)) kind = "system";
    const entry: SteeringEntry = {
      id: ids.steering(kind !== "user"),
      kind,
      text: input.text,
      createdAt: Date.now(),
      handlers: new Set<string>(),
    };
    this.entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }

  messageCount(): number {
    return this.entries.length;
  }

  at(index: number): SteeringEntry | undefined {
    return this.entries[index];
  }

  ids(): string[] {
    return this.entries.map((e) => e.id);
  }

  markHandled(id: string, executionId: string): void {
    this.messageById.get(id)?.handlers.add(executionId);
  }

  isHandled(t: string): boolean {
    let r = this.messageById.get(t);
    return r !== undefined && r.handlers.size > 0;
  }

  reset(): string[] {
    const removed = this.ids();
    this.entries.length = 0;
    this.messageById.clear();
    this.generation += 1;
    return removed;
  }
}
