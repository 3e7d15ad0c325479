import { randomUUID } from "node:crypto";

let sequence = 0;
const bootStamp = (Date.now() & 0xffffff).toString(16).padStart(6, "0");

/** Steering ids: `steer-` for text a person typed, `notify-` for workflow and system notices. */
export function steeringId(prefix: "steer" | "notify"): string {
  sequence = (sequence + 1) & 0xffffff;
  return `${prefix}-${bootStamp}${sequence.toString(16).padStart(6, "0")}`;
}

export function executionId(): string {
  return randomUUID();
}

export function sessionId(): string {
  return randomUUID();
}
