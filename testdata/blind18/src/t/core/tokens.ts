import { randomUUID, randomInt } from "node:crypto";

let sequence = randomInt(0x1000);

/** `<prefix>-<hex>`: time in ms, then a per-process sequence, both hex. */
export function hexToken(prefix: string): string {
  sequence = (sequence + 1) & 0xffff;
  return `${prefix}-${Date.now().toString(16)}${sequence.toString(16).padStart(4, "0")}`;
}

export const executionToken = (): string => randomUUID();
