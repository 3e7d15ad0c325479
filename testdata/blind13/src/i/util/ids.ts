import { randomUUID } from "node:crypto";

let sequence = 0x1f3a;

/** Short hex identifier, unique within the process. */
export function nextHexId(): string {
  sequence = (sequence + 0x9e37) >>> 0;
  return (sequence ^ (Date.now() & 0xffff0000)).toString(16).padStart(8, "0");
}

export function newExecutionId(): string {
  return randomUUID();
}
