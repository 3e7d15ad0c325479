import { HookRunner } from "../hooks/hook-runner";
import { SteeringBuffer } from "../steering/buffer";
import { SteeringEvents, type AcpClient } from "../steering/events";
import { LiveSteeringHook } from "../steering/live-steering-hook";
import { Tracer } from "../telemetry/spans";

/** Everything an execution shares with the rest of its session. */
export interface SessionServices {
  readonly sessionId: string;
  readonly liveSteering: SteeringBuffer;
  readonly steeringEvents: SteeringEvents;
  readonly liveSteeringHook: LiveSteeringHook;
  readonly hooks: HookRunner;
  readonly tracer: Tracer;
}

export function createSessionServices(sessionId: string, client: AcpClient): SessionServices {
  const steeringEvents = new SteeringEvents(sessionId, client);
  return {
    sessionId,
    liveSteering: new SteeringBuffer(),
    steeringEvents,
    liveSteeringHook: new LiveSteeringHook(steeringEvents),
    hooks: new HookRunner(),
    tracer: new Tracer(),
  };
}
