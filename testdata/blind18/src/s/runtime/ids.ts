import { randomUUID } from "node:crypto";

/** A short hex token for client-visible ids (`steer-…`, `notify-…`). */
export function shortHexId(): string {
  return randomUUID().replace(/-/g, "").slice(0, 16);
}

export function newExecutionId(): string {
  return randomUUID();
}

export function newSessionId(): string {
  return `sess_${randomUUID()}`;
}
