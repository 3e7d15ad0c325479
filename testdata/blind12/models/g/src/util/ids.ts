import { randomUUID } from "node:crypto";

export function newExecutionId(): string {
  return randomUUID();
}

/** Short hex ids for steering entries: `steer-…` for a person, `notify-…` otherwise. */
export function newSteeringId(prefix: "steer" | "notify"): string {
  return `${prefix}-${randomUUID().replace(/-/g, "").slice(0, 12)}`;
}
