import type { AgentExecution } from "../execution/agent-execution.js";
import type { SteeringEntry } from "./inbox.js";

/** Yields the entries this execution has not read yet, moving its cursor past each one. */
export function* unreadSteering(execution: AgentExecution): Generator<SteeringEntry, void, void> {
  const inbox = execution.sessionServices.inbox;
  while (execution.steeringReaderIndex < inbox.total()) {
    const entry = inbox.entryAt(execution.steeringReaderIndex);
    execution.steeringReaderIndex += 1;
    if (entry) yield entry;
  }
}
