// src/runtime/steering/unread.ts
import type { AgentExecution } from "../execution.js";
import type { LiveSteeringBuffer, SteeringEntry } from "./buffer.js";

/** Yields the buffer's entries this execution has not read yet, moving its cursor past each one. */
export function* takeUnread(execution: AgentExecution, buffer: LiveSteeringBuffer): Generator<SteeringEntry, void, undefined> {
  for (let index = execution.steeringReaderIndex; index < buffer.size(); index++) {
    let entry = buffer.at(index);
    execution.setSteeringReaderIndex(index + 1);
    if (entry !== undefined) yield entry;
  }
}
