import { randomBytes, randomUUID } from "node:crypto";

export function newExecutionId(): string {
  return randomUUID().replace(/-/g, "");
}

export function newSessionId(): string {
  return randomUUID();
}

/** Steering ids are `steer-<hex>` for user text and `notify-<hex>` for notifications. */
export function newSteeringMessageId(prefix: "steer" | "notify"): string {
  return `${prefix}-${randomBytes(6).toString("hex")}`;
}
