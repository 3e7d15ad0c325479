// src/steering/steering-prompts.ts: the wording a steering message is wrapped in.
import { SteeringKind, type SteeringEntry } from "./kinds.js";
import type { AgentExecution } from "../execution/agent-execution.js";

export enum SteeringPromptStyle {
  Recap = "recap",
  Active = "active",
  Informational = "informational",
}

const TEMPLATES: Record<SteeringPromptStyle, (tag: string, text: string) => string> = {
  [SteeringPromptStyle.Recap]: (tag, text) =>
    `${tag}\nWhile you delegated work to subagent(s), the user sent this message. Consider it now:\n${text}`,
  [SteeringPromptStyle.Active]: (tag, text) =>
    `${tag}\nThe user sent this message while you were working. Adjust your approach as the currently active agent:\n${text}`,
  [SteeringPromptStyle.Informational]: (tag, text) =>
    `${tag}\nThe following notification is informational only. No reply is needed:\n${text}`,
};

export function pickSteeringPromptStyle(target: AgentExecution, entry: SteeringEntry): SteeringPromptStyle {
  if (entry.kind !== SteeringKind.User) return SteeringPromptStyle.Informational;
  for (let handler of entry.handlers) {
    if (handler !== target.executionId) return SteeringPromptStyle.Recap;
  }
  return SteeringPromptStyle.Active;
}

export function buildSteeringPrompt(target: AgentExecution, entry: SteeringEntry): string {
  let tag = entry.kind === SteeringKind.User ? `[STEERING ${entry.id}]` : `[NOTIFY ${entry.id}]`;
  return TEMPLATES[pickSteeringPromptStyle(target, entry)](tag, entry.text);
}
