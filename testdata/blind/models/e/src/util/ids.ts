// src/util/ids.ts
import { randomBytes, randomUUID } from "node:crypto";

/** Prefixes used for the ids of live-steering messages. */
export const enum IdPrefix {
  Steer = "steer",
  Notify = "notify",
}

export function newExecutionId(): string {
  return randomUUID();
}

export function newSessionId(): string {
  return randomUUID();
}

/** `steer-3f9a0c1d2e4b` / `notify-…`: hex only after the dash. */
export function newSteeringId(prefix: "steer" | "notify"): string {
  return `${prefix}-${randomBytes(6).toString("hex")}`;
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}

export function workspaceHash(cwd: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < cwd.length; i++) {
    h ^= cwd.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
