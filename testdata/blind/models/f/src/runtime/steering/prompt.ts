// src/runtime/steering/prompt.ts
import type { AgentExecution } from "../execution.js";
import type { SteeringEntry } from "./buffer.js";

const wording = {
  recap: "While you delegated work to subagent(s), the user sent this message; a subagent may already have acted on it, so check before repeating work:",
  active: "New message from the user. Adjust your approach as the currently active agent:",
  informational: "Notification (informational only, do not reply to it):",
} as const;

/** Wraps one buffer entry in the prompt the target execution will see. */
export function composeSteeringPrompt(target: AgentExecution, entry: SteeringEntry): string {
  if (entry.kind !== "user") return `[NOTIFY ${entry.id}] ${wording.informational} ${entry.text}`;
  let handledByOther = false;
  entry.handlers.forEach((handlerId) => {
    handlerId !== target.executionId && (handledByOther = true);
  });
  let lead = handledByOther ? wording.recap : wording.active;
  return `[STEERING ${entry.id}] ${lead} ${entry.text}`;
}
