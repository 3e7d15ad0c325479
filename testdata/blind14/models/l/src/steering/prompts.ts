import type { AgentExecution } from "../runtime/agent-execution";
import type { SteeringEntry } from "./inbox";

type Wording = "recap" | "active" | "informational";

const TEMPLATES: Record<Wording, (entry: SteeringEntry) => string> = {
  recap: (entry) =>
    `While you delegated work to subagent(s), the user sent the following. A subagent already acted on it; reconcile its result with this request.\n[STEERING ${entry.id}] ${entry.text}`,
  active: (entry) =>
    `New input from the user arrived mid-task. Please adjust your approach as the currently active agent.\n[STEERING ${entry.id}] ${entry.text}`,
  informational: (entry) => `Informational only (no action required):\n[NOTIFY ${entry.id}] ${entry.text}`,
};

function pickWording(entry: SteeringEntry, execution: AgentExecution): Wording {
  if (entry.kind !== "user") return "informational";
  for (const handler of entry.handlers) {
    if (handler !== execution.executionId) return "recap";
  }
  return "active";
}

export function composeSteeringPrompt(entry: SteeringEntry, execution: AgentExecution): string {
  return TEMPLATES[pickWording(entry, execution)](entry);
}
