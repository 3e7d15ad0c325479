import type { AgentExecution } from "../execution";
import type { SteeringMessage } from "./buffer";

function recapPrompt(entry: SteeringMessage): string {
  return [
    "While you delegated work to subagent(s), the user sent the following message.",
    "It has already been handled by a subagent; check its result against it rather than starting over.",
    `[STEERING ${entry.id}] ${entry.text}`,
  ].join("\n");
}

function activeAgentPrompt(entry: SteeringMessage): string {
  return [
    "The user has sent a new message while you were working.",
    "Read it and adjust your approach as the currently active agent.",
    `[STEERING ${entry.id}] ${entry.text}`,
  ].join("\n");
}

function notificationPrompt(entry: SteeringMessage): string {
  return [`[NOTIFY ${entry.id}] ${entry.text}`, "(informational only: no action or reply is required)"].join("\n");
}

/** The wording a steering message is delivered in, for one execution. */
export function renderSteeringPrompt(entry: SteeringMessage, target: AgentExecution): string {
  if (entry.kind !== "user") return notificationPrompt(entry);
  const seenBySubagent = Array.from(entry.handlers).some((handlerId) => handlerId !== target.executionId);
  return seenBySubagent ? recapPrompt(entry) : activeAgentPrompt(entry);
}
