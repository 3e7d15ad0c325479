import type { SteeringMessage } from "./types";

export type SteeringTemplate = (message: SteeringMessage) => string;

export const STEERING_TEMPLATES = {
  delegatedRecap: (message: SteeringMessage) =>
    "While you delegated work to subagent(s), the user sent the following message. " +
    "The subagent(s) already saw it; take their handling into account.\n" +
    `[STEERING ${message.id}] ${message.text}`,
  activeAgent: (message: SteeringMessage) =>
    "The user sent a new message while you were working. Adjust your approach as the currently active agent.\n" +
    `[STEERING ${message.id}] ${message.text}`,
  informational: (message: SteeringMessage) =>
    "The following notification is informational only; it needs no reply.\n" +
    `[NOTIFY ${message.id}] ${message.text}`,
} satisfies Record<string, SteeringTemplate>;
