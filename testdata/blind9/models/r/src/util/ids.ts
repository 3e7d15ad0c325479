import { randomBytes, randomUUID } from "node:crypto";

/** Hex id with a readable prefix, e.g. `steer-3fa9c01b2e44`. */
export function prefixedId(prefix: string, bytes = 6): string {
  return `${prefix}-${randomBytes(bytes).toString("hex")}`;
}

export function newExecutionId(): string {
  return randomUUID();
}

export function newSessionId(): string {
  return `sess_${randomBytes(8).toString("hex")}`;
}

export function shortExecutionId(executionId: string): string {
  return executionId.slice(0, 8);
}
