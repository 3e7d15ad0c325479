import { steeringId } from "../common/ids";

/** "user" is a person's steer; workflows and the system post notifications under their own kinds. */
export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringEntry {
  id: string;
  kind: SteeringKind;
  text: string;
  receivedAt: number;
  handlers: Set<string>;
}

/**
 * Session-wide buffer of live steering. Readers keep their own position
 * (AgentExecution.steeringReaderIndex) and ask for entries by index.
 */
export class LiveSteeringQueue {
  private items: SteeringEntry[];
  private readonly messageById: Map<string, SteeringEntry>;
  public epoch: number;

  constructor(private readonly sessionId: string) {
    this.items = [];
    this.messageById = new Map();
    this.epoch = 0;
  }

  append(kind: SteeringKind, text: string): SteeringEntry {
    const entry: SteeringEntry = {
      id: steeringId(kind === "user" ? "steer" : "notify", this.sessionId),
      kind,
      text,
      receivedAt: Date.now(),
      handlers: new Set<string>(),
    };
    this.items.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }

  messageCount(): number {
    return this.items.length;
  }

  at(index: number): SteeringEntry | undefined {
    return this.items[index];
  }

  ids(): string[] {
    return this.items.map((entry) => entry.id);
  }

  /** Records that an execution handled (answered) a message. */
  markHandled(id: string, executionId: string): void {
    const entry = this.messageById.get(id);
    if (entry) entry.handlers.add(executionId);
  }

  isHandled(id: string): boolean {
    const entry = this.messageById.get(id);
    return entry !== undefined && entry.handlers.size > 0;
  }

  clear(): string[] {
    const removed = this.ids();
    this.items = [];
    this.messageById.clear();
    return removed;
  }
}
