import type { AgentExecution } from "../execution/agent-execution";
import type { SteeringKind, SteeringMessage } from "./steering-buffer";

type Renderer = (message: SteeringMessage, readerExecutionId: string) => string;

function handledByAnotherExecution(message: SteeringMessage, readerExecutionId: string): boolean {
  for (const handler of message.handlers) {
    if (handler !== readerExecutionId) return true;
  }
  return false;
}

const delegatedRecap: Renderer = (message) =>
  [
    "While you delegated work to subagent(s), the user sent the following message.",
    "The subagent(s) already saw it; take their handling into account when you continue.",
    `[STEERING ${message.id}] ${message.text}`,
  ].join("\n");

const activeAgent: Renderer = (message) =>
  [
    "The user sent a message while you were working.",
    "Read it and adjust your approach as the currently active agent; say briefly how you took it into account.",
    `[STEERING ${message.id}] ${message.text}`,
  ].join("\n");

const informational: Renderer = (message) =>
  ["This notification is informational only; no reply is needed.", `[NOTIFY ${message.id}] ${message.text}`].join("\n");

const RENDERERS: Record<SteeringKind, Renderer> = {
  user: (message, reader) =>
    handledByAnotherExecution(message, reader) ? delegatedRecap(message, reader) : activeAgent(message, reader),
  workflow: informational,
  system: informational,
};

/** Wraps one steering message in the prompt text the reading execution will see. */
export function formatSteeringForPrompt(message: SteeringMessage, execution: AgentExecution): string {
  const render = RENDERERS[message.kind] ?? informational;
  return render(message, execution.executionId);
}
