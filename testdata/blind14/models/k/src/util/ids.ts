import { randomBytes, randomUUID } from "node:crypto";

export function newExecutionId(): string {
  return randomUUID();
}

export function newSessionId(): string {
  return `sess_${randomUUID().replace(/-/g, "")}`;
}

export function newSteeringId(prefix: "steer" | "notify"): string {
  return `${prefix}-${randomBytes(6).toString("hex")}`;
}
