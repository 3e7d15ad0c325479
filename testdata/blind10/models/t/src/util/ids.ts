import { randomBytes, randomUUID } from "node:crypto";

export function newExecutionId(): string {
  return randomUUID();
}

export function newSessionId(): string {
  return `sess_${randomUUID().replace(/-/g, "")}`;
}

/** `steer-…` for a person's text, `notify-…` for workflow and system notifications. */
export function newSteeringMessageId(isUserText: boolean): string {
  return `${isUserText ? "steer" : "notify"}-${randomBytes(6).toString("hex")}`;
}

export function shortExecutionId(executionId: string): string {
  return executionId.slice(0, 8);
}
