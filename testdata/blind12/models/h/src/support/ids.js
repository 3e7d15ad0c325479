import { randomBytes, randomUUID } from "node:crypto";

let sequence = 0;

/** `steer-…` / `notify-…`: a sequence number then random bits, all hex. */
export function steeringId(prefix) {
  sequence = (sequence + 1) >>> 0;
  return `${prefix}-${sequence.toString(16).padStart(4, "0")}${randomBytes(4).toString("hex")}`;
}

export const executionId = () => randomUUID();
