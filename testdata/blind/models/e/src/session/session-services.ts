// src/session/session-services.ts
import type { SteeringBuffer, SteeringMessage, SteeringOrigin } from "../steering/steering-buffer.js";
import type { EventBus } from "../events/bus.js";
import type { HookRunner } from "../hooks/hook-runner.js";
import type { ToolRegistry } from "../tools/registry.js";
import type { ModelClient } from "../agent/model-client.js";
import type { AcpEventAdapter } from "./event-adapter.js";
import type { ExecutionGraph } from "../agent/execution-graph.js";
import type { Logger } from "../logging/logger.js";

/** What a session hands every execution it runs, top-level or sub. */
export interface SessionServices {
  readonly sessionId: string;
  readonly steeringBuffer: SteeringBuffer;
  readonly bus: EventBus;
  readonly hooks: HookRunner;
  readonly tools: ToolRegistry;
  readonly model: ModelClient;
  readonly eventAdapter: AcpEventAdapter;
  readonly graph: ExecutionGraph;
  readonly logger: Logger;
  readonly host: SteeringHost;
}

export interface SteeringHost {
  steer(text: string, origin?: SteeringOrigin): SteeringMessage;
  clearSteering(reason: string): string[];
}
