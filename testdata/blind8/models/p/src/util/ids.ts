import { randomUUID } from "node:crypto";

/** A fresh execution id (UUID v4). Log lines show its first eight characters. */
export function newExecutionId(): string {
  return randomUUID();
}

/** `steer-1a2b3c4d` style ids for steering-log entries. */
export function newSteeringId(prefix: "steer" | "notify"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function newSessionId(): string {
  return `sess_${randomUUID().replace(/-/g, "")}`;
}

export function shortExecutionId(executionId: string): string {
  return executionId.slice(0, 8);
}
