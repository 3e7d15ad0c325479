// src/steering/steering-prompts.ts — wording for a steering message handed to an execution.
const RECAP =
  "While you delegated work to subagent(s), the user sent the following message. Review it and take it into account in what you do next:";
const ACTIVE =
  "The user sent a new message while you were working. Read it and adjust your approach as the currently active agent:";
const INFO = "The following notification is informational only; you do not need to reply to it:";

export function formatSteeringForExecution(target, entry) {
  if (entry.kind !== "user") {
    return `[NOTIFY ${entry.id}] ${INFO}\n${entry.text}`;
  }
  let handledElsewhere = false;
  for (const handler of entry.handlers) {
    if (handler !== target.executionId) {
      handledElsewhere = true;
      break;
    }
  }
  return handledElsewhere ? `[STEERING ${entry.id}] ${RECAP}\n${entry.text}` : `[STEERING ${entry.id}] ${ACTIVE}\n${entry.text}`;
}
