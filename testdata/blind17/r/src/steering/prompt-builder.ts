import type { AgentExecutionImpl } from "../exec/execution.js";
import type { SteeringEntry } from "./channel.js";
import { SteeringKind } from "./kinds.js";

type Template = (entry: SteeringEntry) => string;

const TEMPLATES: Record<"recap" | "active" | "info", Template> = {
  recap: (e) =>
    `[STEERING ${e.id}] While you delegated work to subagent(s), the user sent the message below. Fold it into what you do next.\n<user_message>${e.text}</user_message>`,
  active: (e) =>
    `[STEERING ${e.id}] The user just sent the message below. Adjust your approach as the currently active agent.\n<user_message>${e.text}</user_message>`,
  info: (e) => `[NOTIFY ${e.id}] The following notification is informational only; do not reply to it.\n<notification>${e.text}</notification>`,
};

/** Picks the wording a steering message is wrapped in for one execution. */
export function renderSteeringPrompt(target: AgentExecutionImpl, message: SteeringEntry): string {
  if (message.kind !== SteeringKind.User) return TEMPLATES.info(message);
  for (const handler of message.handlers) {
    if (handler !== target.executionId) return TEMPLATES.recap(message);
  }
  return TEMPLATES.active(message);
}
