import { randomUUID } from "node:crypto";

/** Execution ids are UUIDs; logs show the first eight hex digits. */
export function newExecutionId(): string {
  return randomUUID();
}

export function shortExecutionId(executionId: string): string {
  return executionId.slice(0, 8);
}

/** `steer-<hex>` for a person's text, `notify-<hex>` for notifications. */
export function newSteeringMessageId(prefix: "steer" | "notify"): string {
  return `${prefix}-${randomUUID().replace(/-/g, "").slice(0, 16)}`;
}

export function newSessionId(): string {
  return `sess_${randomUUID().replace(/-/g, "")}`;
}
