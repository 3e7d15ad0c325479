// src/steering/kinds.ts
export enum SteeringKind {
  User = "user",
  Notification = "system_notification",
  Workflow = "workflow_notification",
}

export enum SteeringUpdateKind {
  Queued = "steering_queued",
  Injected = "steering_injected",
  Cleared = "steering_cleared",
}

export enum ClearReason {
  TurnEnd = "turn_end",
  Cancel = "cancel",
  PromptError = "prompt_error",
  ModelSettleFailure = "model_settle_failure",
  UserClear = "user_clear",
}

export interface SteeringEntry {
  id: string;
  kind: SteeringKind;
  text: string;
  createdAt: number;
  handlers: Set<string>;
}
