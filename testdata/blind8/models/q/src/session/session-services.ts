// The services a session hands to each of its executions.
import type { EventBus } from "../infra/event-bus.js";
import type { Tracer } from "../infra/telemetry.js";
import type { SteeringStore } from "../steering/steering-store.js";
import type { KasEvents } from "./events.js";

export interface SessionServices {
  readonly sessionId: string;
  readonly steeringStore: SteeringStore;
  readonly bus: EventBus<KasEvents>;
  readonly tracer: Tracer;
}
