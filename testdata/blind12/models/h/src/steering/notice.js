// Wording the model sees for a live-steering message.

const TEMPLATES = {
  recap: (m) =>
    `While you delegated work to subagent(s), the user sent the message below, and a subagent already acted on it. Check their results against it.\n[STEERING ${m.id}] ${m.text}`,
  active: (m) =>
    `The user sent the message below while you were working. Adjust your approach as the currently active agent.\n[STEERING ${m.id}] ${m.text}`,
  info: (m) => `Informational only; nothing to answer.\n[NOTIFY ${m.id}] ${m.text}`,
};

function templateFor(exec, msg) {
  if (msg.kind !== "user") return "info";
  for (const handler of msg.handlers) if (handler !== exec.executionId) return "recap";
  return "active";
}

export function renderSteeringNotice(exec, msg) {
  return TEMPLATES[templateFor(exec, msg)](msg);
}
