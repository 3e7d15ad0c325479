import { randomUUID } from "node:crypto";

export function newExecutionId() {
  return randomUUID();
}

export function shortHex(length = 12) {
  return randomUUID().replace(/-/g, "").slice(0, length);
}

export function short(executionId) {
  return String(executionId).slice(0, 8);
}
