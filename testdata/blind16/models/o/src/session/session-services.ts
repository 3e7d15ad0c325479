import type { SteeringBuffer } from "../steering/steering-buffer";
import type { LiveSteeringHook } from "../steering/live-steering-hook";
import type { SessionUpdateSink } from "./session-updates";
import type { TurnBoundary } from "./turn-boundary";

/** Per-session services shared by every execution of the session, root and sub-agents alike. */
export interface SessionServices {
  readonly sessionId: string;
  readonly steeringBuffer: SteeringBuffer;
  readonly liveSteering: LiveSteeringHook;
  readonly updates: SessionUpdateSink;
  readonly turnBoundary: TurnBoundary;
}

export interface PromptContext {
  readonly workspaceRoot: string;
  readonly hooks: Partial<Record<"agentSpawn" | "agentStop", string[]>>;
}
