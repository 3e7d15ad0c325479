import type { QueuedSteering } from "../steering/steering-types";

export interface PromptContext {
  readonly systemPrompt: string;
  readonly workspace: string;
}

/** One model invocation's worth of input, as the prompt builder assembled it. */
export interface PromptRecord {
  readonly invocation: number;
  readonly steering: readonly QueuedSteering[];
}

export enum ExecutionStatus {
  Created = "created",
  Running = "running",
  Completed = "completed",
  Failed = "failed",
}
