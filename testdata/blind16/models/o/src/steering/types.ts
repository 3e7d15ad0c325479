export type SteeringKind = "user" | "notification";

/** Where a steering message came from: a person at the prompt, or the workflow engine. */
export type SteeringSource = "user" | "workflow" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  /** executions that handled the message (filled by acknowledge) */
  readonly handlers: Set<string>;
  readonly receivedAt: number;
  readonly epoch: number;
}
