import type { AgentExecution } from "../agent/agent-execution";
import type { SteeringMessage } from "./steering-buffer";

type PromptVariant = "recap" | "active" | "informational";

const TEMPLATES: Record<PromptVariant, (message: SteeringMessage) => string> = {
  recap: (message) =>
    "While you delegated work to subagent(s), the user sent the message below. " +
    "A subagent already saw it; take it into account when you review their results.\n" +
    `[STEERING ${message.id}] ${message.text}`,
  active: (message) =>
    "The user sent the message below while you were working. " +
    "Adjust your approach as the currently active agent, and say briefly how you did.\n" +
    `[STEERING ${message.id}] ${message.text}`,
  informational: (message) =>
    `[NOTIFY ${message.id}] ${message.text}\n` +
    "This notification is informational only: do not reply to it or change course because of it.",
};

function pickVariant(target: AgentExecution, message: SteeringMessage): PromptVariant {
  if (message.kind !== "user") return "informational";
  for (const handlerId of message.handlers) {
    if (handlerId !== target.executionId) return "recap";
  }
  return "active";
}

/** Wrap one buffered message for the execution that is about to receive it. */
export function renderSteeringPrompt(target: AgentExecution, message: SteeringMessage): string {
  return TEMPLATES[pickVariant(target, message)](message);
}
