import { nextHexId } from "../core/ids";

export type SteeringOrigin = "user" | "workflow" | "system";

export interface SteeringEntry {
  readonly id: string;
  readonly kind: "user" | "system";
  readonly origin: SteeringOrigin;
  readonly text: string;
  readonly handlers: Set<string>;
  readonly at: number;
}

export interface SteeringStore {
  readonly entries: SteeringEntry[];
  readonly index: Map<string, SteeringEntry>;
  epoch: number;
}

/** The session's steering channel: what the user (or a workflow) typed while a turn runs. */
export class SteeringChannel {
  readonly store: SteeringStore = { entries: [], index: new Map(), epoch: 0 };
  private readonly onPublish: (entry: SteeringEntry) => void;

  constructor(onPublish: (entry: SteeringEntry) => void) {
    this.onPublish = onPublish;
  }

  publish({ body, origin }: { body: string; origin: SteeringOrigin }): SteeringEntry {
    const kind = origin === "user" ? "user" : "system";
    const entry: SteeringEntry = {
      id: (kind === "user" ? "steer-" : "notify-") + nextHexId(),
      kind,
      origin,
      text: body,
      handlers: new Set(),
      at: Date.now(),
    };
    this.store.entries.push(entry);
    this.store.index.set(entry.id, entry);
    this.onPublish(entry);
    return entry;
  }

  ack(entryId: string, executionId: string): void {
    const entry = this.store.index.get(entryId);
    if (entry) entry.handlers.add(executionId);
  }

  isHandled(t: string): boolean {
    const r = this.store.index.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }

  purge(): string[] {
    const ids = this.store.entries.map((e) => e.id);
    this.store.entries.length = 0;
    this.store.index.clear();
    return ids;
  }
}
