import type { AgentExecution } from "../execution/agent-execution";
import type { SteeringMessage } from "./buffer";

const RECAP =
  "While you delegated work to subagent(s), the user sent the following guidance. Take it into account for the rest of the task.";
const ACTIVE = "The user sent new guidance while you were working; adjust your approach as the currently active agent.";
const INFO = "The following notification is informational only; no action is required unless it changes your plan.";

// Chooses the wording a steering message is wrapped in for a given reader.
export function wrapSteeringMessage(reader: AgentExecution, entry: SteeringMessage): string {
  if (entry.kind !== "user") return `[NOTIFY ${entry.id}] ${INFO}\n${entry.text}`;
  let handledElsewhere = false;
  for (const handler of entry.handlers) {
    if (handler !== reader.executionId) {
      handledElsewhere = true;
      break;
    }
  }
  return `[STEERING ${entry.id}] ${handledElsewhere ? RECAP : ACTIVE}\n${entry.text}`;
}
