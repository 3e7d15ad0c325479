export type SteeringOrigin = "user" | "workflow" | "system";

export type SteeringKind = "user" | "workflow" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  /** executions that acknowledged (handled) the message */
  readonly handlers: Set<string>;
  readonly receivedAt: number;
}

/** The buffer's storage: one journal per session, emptied at every turn boundary. */
export interface SteeringJournal {
  entries: SteeringMessage[];
  epoch: number;
  lastClearReason?: string;
}
