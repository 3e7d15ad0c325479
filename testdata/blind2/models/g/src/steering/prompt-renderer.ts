import { Injectable } from "../di/container";
import { PROMPT_RENDERER } from "../di/tokens";
import type { AgentExecution } from "../execution/agent-execution";
import { SteeringKind, type SteeringMessage } from "./buffer";

export enum SteeringWording {
  Recap,
  ActiveAgent,
  Informational,
}

const templates: Record<SteeringWording, (id: string, text: string) => string> = {
  [SteeringWording.Recap]: (id, text) =>
    `[STEERING ${id}] While you delegated work to subagent(s), the user sent the following message. Take it into account now:\n${text}`,
  [SteeringWording.ActiveAgent]: (id, text) =>
    `[STEERING ${id}] The user sent a message while you were working. Read it and adjust your approach as the currently active agent:\n${text}`,
  [SteeringWording.Informational]: (id, text) =>
    `[NOTIFY ${id}] The following notification is informational only; no reply is needed:\n${text}`,
};

@Injectable(PROMPT_RENDERER)
export class SteeringPromptRenderer {
  wordingFor(target: AgentExecution, entry: SteeringMessage): SteeringWording {
    if (entry.kind !== SteeringKind.User) return SteeringWording.Informational;
    for (const handler of entry.handlers) {
      if (handler !== target.executionId) return SteeringWording.Recap;
    }
    return SteeringWording.ActiveAgent;
  }

  render(target: AgentExecution, entry: SteeringMessage): string {
    return templates[this.wordingFor(target, entry)](entry.id, entry.text);
  }
}
