import { randomBytes } from "node:crypto";

// Message ids: a per-process prefix of 3 random bytes and a sequence number, hex.
const processTag = randomBytes(3).toString("hex");
let sequence = 0;

function next(): string {
  sequence = (sequence + 1) >>> 0;
  return processTag + sequence.toString(16).padStart(5, "0");
}

export function makeMessageId(prefix: "steer" | "notify"): string {
  return prefix + "-" + next();
}

export function makeExecutionId(): string {
  return randomBytes(16).toString("hex");
}

export function makeSessionId(): string {
  return "s-" + randomBytes(8).toString("hex");
}
