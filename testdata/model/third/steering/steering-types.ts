/** Who put a message into the live-steering buffer. */
export type SteeringOrigin = "user" | "system";

/** How the prompt builder renders it: a person's steer, or a workflow/system notice. */
export type SteeringKind = "user" | "notification";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  /** executionIds of the executions this message was injected into */
  readonly handlers: Set<string>;
  readonly sequence: number;
}

/** What the drain hands an execution: a reference to the buffer message and its text. */
export interface QueuedSteering {
  readonly ref: string;
  readonly kind: SteeringKind;
  readonly body: string;
}
