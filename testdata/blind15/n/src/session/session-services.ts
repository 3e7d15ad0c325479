import { LiveSteeringQueue } from "../steering/live-steering-queue";
import { LiveSteeringHook } from "../steering/live-steering-hook";
import { ModelInvokeHookPipeline } from "../execution/model-invoke-hooks";
import { SessionEventBus } from "../common/event-bus";
import { SessionMetrics } from "../telemetry/metrics";

export interface SessionServices {
  sessionId: string;
  liveSteering: LiveSteeringQueue;
  modelInvokeHooks: ModelInvokeHookPipeline;
  bus: SessionEventBus;
  metrics: SessionMetrics;
}

export function createSessionServices(sessionId: string): SessionServices {
  const modelInvokeHooks = new ModelInvokeHookPipeline();
  modelInvokeHooks.add(new LiveSteeringHook());
  return {
    sessionId,
    liveSteering: new LiveSteeringQueue(sessionId),
    modelInvokeHooks,
    bus: new SessionEventBus(),
    metrics: new SessionMetrics(),
  };
}
