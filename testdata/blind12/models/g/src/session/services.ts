import type { LiveSteeringBuffer } from "../steering/live-steering-buffer";
import type { Counters } from "../util/metrics";
import type { SessionUpdates } from "../acp/session-updates";

export interface UserHook {
  readonly event: "agentSpawn" | "userPromptSubmit" | "preModelInvoke";
  run(context: { agentName: string; executionId: string }): Promise<void> | void;
}

/** What every execution of a session shares; sub-executions receive the parent's object. */
export interface SessionServices {
  readonly sessionId: string;
  readonly steeringBuffer: LiveSteeringBuffer;
  readonly counters: Counters;
  readonly updates: SessionUpdates;
  readonly userHooks: readonly UserHook[];
}
