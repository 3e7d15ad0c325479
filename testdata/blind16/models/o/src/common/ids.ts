import { randomUUID } from "node:crypto";

export function newExecutionId(): string {
  return randomUUID();
}

export function newSessionId(): string {
  return `sess_${randomUUID()}`;
}

/** `steer-…` for what a person typed, `notify-…` for workflow and system notices. */
export function newSteeringId(prefix: "steer" | "notify"): string {
  return `${prefix}-${randomUUID().replace(/-/g, "").slice(0, 16)}`;
}
