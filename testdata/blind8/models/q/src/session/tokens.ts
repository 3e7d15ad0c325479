import { createToken } from "../infra/container.js";
import type { EventBus } from "../infra/event-bus.js";
import type { Tracer } from "../infra/telemetry.js";
import type { ExecutionFactory } from "../agent/execution-factory.js";
import type { GraphRunner } from "../agent/graph-runner.js";
import type { ModelClient } from "../agent/model.js";
import type { ToolTable } from "../agent/tools.js";
import type { TurnEndPolicy } from "../agent/turn-end-policy.js";
import type { PromptContext } from "../agent/agent-execution.js";
import type { MemoryArchive, MemoryService } from "../memory/memory-service.js";
import type { SteeringAcknowledger, SteeringInjector } from "../steering/steering-injector.js";
import type { SteeringStore } from "../steering/steering-store.js";
import type { AcpNotifier } from "../acp/notifier.js";
import type { KasEvents } from "./events.js";
import type { Session } from "./session.js";
import type { SessionServices } from "./session-services.js";

export const Tokens = {
  Tracer: createToken<Tracer>("Tracer"),
  MemoryArchive: createToken<MemoryArchive>("MemoryArchive"),
  SessionId: createToken<string>("SessionId"),
  Model: createToken<ModelClient>("ModelClient"),
  Bus: createToken<EventBus<KasEvents>>("EventBus"),
  PromptContext: createToken<PromptContext>("PromptContext"),
  SteeringStore: createToken<SteeringStore>("SteeringStore"),
  SessionServices: createToken<SessionServices>("SessionServices"),
  Factory: createToken<ExecutionFactory>("ExecutionFactory"),
  Injector: createToken<SteeringInjector>("SteeringInjector"),
  Acknowledger: createToken<SteeringAcknowledger>("SteeringAcknowledger"),
  TurnEndPolicy: createToken<TurnEndPolicy>("TurnEndPolicy"),
  Runner: createToken<GraphRunner>("GraphRunner"),
  Tools: createToken<ToolTable>("ToolTable"),
  Memory: createToken<MemoryService>("MemoryService"),
  Notifier: createToken<AcpNotifier>("AcpNotifier"),
  Session: createToken<Session>("Session"),
} as const;
