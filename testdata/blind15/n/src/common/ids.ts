import { createHash, randomUUID } from "node:crypto";

let sequence = 0;

export function executionId(): string {
  return randomUUID();
}

/** `steer-<hex>` / `notify-<hex>`, unique within the process. */
export function steeringId(kind: "steer" | "notify", sessionId: string): string {
  sequence += 1;
  const digest = createHash("sha256").update(`${sessionId}:${sequence}:${process.hrtime.bigint()}`).digest("hex");
  return `${kind}-${digest.slice(0, 12)}`;
}
