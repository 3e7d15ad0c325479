// Wording used when steering is placed into an agent's prompt.
import type { AgentExecution } from "../agent/agent-execution.js";
import type { SteeringEntry } from "./steering-store.js";

const RECAP_HEADER =
  "While you delegated work to subagent(s), the user sent the message below. Subagent(s) already received it; reconcile their results with it before you answer.";
const ACTIVE_HEADER =
  "The user sent the message below while you were working. Adjust your approach as the currently active agent.";
const NOTICE_HEADER = "Informational only: a workflow posted the notice below. No reply is needed.";

export function composeSteeringPrompt(recipient: AgentExecution, entry: SteeringEntry): string {
  if (entry.kind !== "user") {
    return `${NOTICE_HEADER}\n[NOTIFY ${entry.id}] ${entry.text}`;
  }
  const handledByAnother = Array.from(entry.handlers).some((handlerId) => handlerId !== recipient.executionId);
  const header = handledByAnother ? RECAP_HEADER : ACTIVE_HEADER;
  return `${header}\n[STEERING ${entry.id}] ${entry.text}`;
}
