export type SteeringKind = "user" | "notification";

export type SteeringOrigin = "user" | "workflow" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly origin: SteeringOrigin;
  readonly text: string;
  readonly queuedAt: number;
  /** executions that acknowledged (handled) this message */
  readonly handlers: Set<string>;
}

export interface ClearResult {
  reason: string;
  messageIds: string[];
}
