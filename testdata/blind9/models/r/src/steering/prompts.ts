// Wording used when a buffered steering message is handed to an execution.

import type { SteeringMessage } from "./buffer";

export interface PromptTarget {
  readonly executionId: string;
  readonly agentName: string;
}

const RECAP_HEADER =
  "While you delegated work to subagent(s), the user sent the following message. " +
  "The subagent(s) already saw it; take their handling into account before continuing.";

const ACTIVE_HEADER =
  "The user sent a new message while you were working. Adjust your approach as the currently active agent " +
  "and briefly acknowledge the change.";

const NOTIFICATION_HEADER = "Notification (informational only, no action or reply required):";

export function composeSteeringPrompt(target: PromptTarget, entry: SteeringMessage): string {
  if (entry.kind !== "user") {
    return `${NOTIFICATION_HEADER}\n[NOTIFY ${entry.id}] ${entry.text}`;
  }
  let delegated = false;
  for (const handler of entry.handlers) {
    if (handler !== target.executionId) {
      delegated = true;
      break;
    }
  }
  const header = delegated ? RECAP_HEADER : ACTIVE_HEADER;
  return `${header}\n[STEERING ${entry.id}] ${entry.text}`;
}
