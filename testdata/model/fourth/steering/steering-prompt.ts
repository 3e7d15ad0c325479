import type { AgentExecution } from "../agent/execution";
import type { SteeringEntry } from "./buffer";

export interface SteeringPrompt {
  messageId: string;
  kind: SteeringEntry["kind"];
  text: string;
  rendered: string;
}

// The wording depends on who else was handed the entry; delivery does not.
export function composeSteeringPrompt(exec: AgentExecution, entry: SteeringEntry): SteeringPrompt {
  let rendered: string;
  if (entry.kind !== "user") {
    rendered = `<system-notification>\n${entry.text}\n</system-notification>\nThis notification is informational only; do not reply to it directly.`;
  } else {
    let delegated = false;
    for (const handler of entry.handlers) {
      if (handler !== exec.executionId) delegated = true;
    }
    rendered = delegated
      ? `While you delegated work to subagent(s), the user sent the following message:\n${entry.text}\nTake it into account for the rest of this task.`
      : `The user sent this message while you were working:\n${entry.text}\nAdjust your approach as the currently active agent.`;
  }
  return { messageId: entry.id, kind: entry.kind, text: entry.text, rendered };
}
