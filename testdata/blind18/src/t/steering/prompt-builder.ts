import type { AgentExecution } from "../execution/agent-execution.js";
import type { SteeringEntry } from "./inbox.js";

export type SteeringPromptKind = "notification" | "delegation-recap" | "active-agent";

export interface SteeringPrompt {
  kind: SteeringPromptKind;
  text: string;
}

const templates: Record<SteeringPromptKind, (entry: SteeringEntry) => string> = {
  notification: (entry) =>
    `[NOTIFY ${entry.id}] This notification is informational only; you do not need to act on it.\n<notification>${entry.text}</notification>`,
  "delegation-recap": (entry) =>
    `[STEERING ${entry.id}] While you delegated work to subagent(s), the user sent the message below. ` +
    `A subagent may have acted on it already; reconcile its result with what the user asked.\n<user_message>${entry.text}</user_message>`,
  "active-agent": (entry) =>
    `[STEERING ${entry.id}] The user sent the message below while you were working. ` +
    `Adjust your approach as the currently active agent.\n<user_message>${entry.text}</user_message>`,
};

/** Picks the wording a steering entry is wrapped in for the execution that receives it. */
export function buildSteeringPrompt(target: AgentExecution, entry: SteeringEntry): SteeringPrompt {
  let kind: SteeringPromptKind;
  if (entry.kind !== "user") kind = "notification";
  else if (Array.from(entry.handlers).some((handlerId) => handlerId !== target.executionId)) kind = "delegation-recap";
  else kind = "active-agent";
  return { kind, text: templates[kind](entry) };
}
