import { mintHex } from "../core/id";

export interface SteeringEntry {
  readonly id: string;
  readonly kind: string;
  readonly text: string;
  readonly handlers: Set<string>;
  readonly at: number;
}

export type SteeringBuffer = ReturnType<typeof createSteeringBuffer>;

/** The session's live-steering buffer: an append-only list between turn boundaries. */
export function createSteeringBuffer() {
  let entries: SteeringEntry[] = [];
  const byId = new Map<string, SteeringEntry>();

  return {
    append(kind: string, text: string): SteeringEntry {
      const entry: SteeringEntry = {
        id: `${kind === "user" ? "steer" : "notify"}-${mintHex(5)}`,
        kind,
        text,
        handlers: new Set(),
        at: Date.now(),
      };
      entries.push(entry);
      byId.set(entry.id, entry);
      return entry;
    },
    messageAt(position: number): SteeringEntry | undefined {
      return entries[position];
    },
    getMessageCount(): number {
      return entries.length;
    },
    acknowledge(id: string, executionId: string): void {
      byId.get(id)?.handlers.add(executionId);
    },
    isHandled(t: string): boolean {
      const r = byId.get(t);
      return r !== undefined && r.handlers.size > 0;
    },
    ids(): string[] {
      return entries.map((entry) => entry.id);
    },
    drop(): string[] {
      const dropped = entries.map((entry) => entry.id);
      entries = [];
      byId.clear();
      return dropped;
    },
  };
}
