// src/steering/prompt.ts — prompt dispatcher for steering messages.
const templates = {
  recap: (m) =>
    `[STEERING ${m.id}] While you delegated work to subagent(s), the user sent the message below. Fold it into your plan now that the work is back:\n${m.text}`,
  active: (m) => `[STEERING ${m.id}] The user just sent the message below. Adjust your approach as the currently active agent:\n${m.text}`,
  info: (m) => `[NOTIFY ${m.id}] Informational only, no action needed:\n${m.text}`,
};

function pickTemplate(message, viewerId) {
  if (message.kind !== "user") return "info";
  return [...message.handlers].some((handlerId) => handlerId !== viewerId) ? "recap" : "active";
}

export const renderSteering = (message, viewerId) => templates[pickTemplate(message, viewerId)](message);
