import type { SteeringEntry } from "./buffer";

interface Target {
  executionId: string;
}

const TEMPLATES = {
  recap: (m: SteeringEntry) =>
    `While you delegated work to subagent(s), the user sent the message below and a subagent has already handled it. Take it into account when you wrap up.\n[STEERING ${m.id}] ${m.text}`,
  active: (m: SteeringEntry) =>
    `The user sent the message below while you were working. Adjust your approach as the currently active agent.\n[STEERING ${m.id}] ${m.text}`,
  info: (m: SteeringEntry) => `Informational only; no response is needed.\n[NOTIFY ${m.id}] ${m.text}`,
};

/** Picks the wording for one steering message, for one execution. */
export function renderSteering(target: Target, message: SteeringEntry): string {
  if (message.kind !== "user") return TEMPLATES.info(message);
  for (const handler of message.handlers) {
    if (handler !== target.executionId) return TEMPLATES.recap(message);
  }
  return TEMPLATES.active(message);
}
