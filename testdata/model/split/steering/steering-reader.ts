import type { AgentExecution } from "../agent/execution";
import type { SteeringMessage } from "./live-steering-buffer";

// Collects what this execution has not read yet from the session's buffer.
// The cursor is the execution's own; it is moved once, past everything this
// call looked at, after the walk (not once per message).
export function collectUnreadSteering(execution: AgentExecution): SteeringMessage[] {
  const buffer = execution.sessionServices.liveSteering;
  const unread: SteeringMessage[] = [];
  if (!buffer) return unread;
  let position = execution.steeringReaderIndex;
  for (; position < buffer.length; position++) {
    const entry = buffer.at(position);
    if (entry) unread.push(entry);
  }
  execution.setSteeringReaderIndex(position);
  return unread;
}
