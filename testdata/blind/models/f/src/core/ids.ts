// src/core/ids.ts
import { randomUUID, randomInt } from "node:crypto";

let sequence = randomInt(0, 0xffff);

function hex(n: number, width: number): string {
  return (n >>> 0).toString(16).padStart(width, "0").slice(-width);
}

/** `steer-<hex>` for a person's message, `notify-<hex>` for a notification. */
export function steeringId(isUser: boolean): string {
  sequence = (sequence + 1) & 0xffff;
  let stamp = hex(Math.floor(Date.now() / 1000), 8);
  return `${isUser ? "steer" : "notify"}-${stamp}${hex(sequence, 4)}${hex(randomInt(0, 0xffff), 4)}`;
}

export const executionId = (): string => randomUUID();
export const sessionId = (): string => randomUUID();

export function short(id: string): string {
  return id.substring(0, 8);
}
