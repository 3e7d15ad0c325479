// Wires a session: one DI scope per ACP session, below the application container.
import { randomUUID } from "node:crypto";
import { Container } from "../infra/container.js";
import { EventBus } from "../infra/event-bus.js";
import { tracer } from "../infra/telemetry.js";
import { ExecutionFactory } from "../agent/execution-factory.js";
import { GraphRunner } from "../agent/graph-runner.js";
import { buildToolTable } from "../agent/tools.js";
import { TurnEndPolicy } from "../agent/turn-end-policy.js";
import type { ModelClient } from "../agent/model.js";
import { MemoryArchive, MemoryService } from "../memory/memory-service.js";
import { SteeringAcknowledger, SteeringInjector } from "../steering/steering-injector.js";
import { SteeringStore } from "../steering/steering-store.js";
import { AcpNotifier } from "../acp/notifier.js";
import type { KasEvents } from "./events.js";
import { Session } from "./session.js";
import { Tokens } from "./tokens.js";

const MAX_SUBAGENT_DEPTH = 4;

export function createApplicationContainer(): Container {
  return new Container(undefined, "app")
    .registerValue(Tokens.Tracer, tracer)
    .register(Tokens.MemoryArchive, () => new MemoryArchive())
    .register(Tokens.TurnEndPolicy, () => new TurnEndPolicy(Number(process.env.KAS_DRAIN_RETRIES ?? 3)));
}

export function openSessionScope(app: Container, model: ModelClient): Container {
  const sessionId = randomUUID();
  const scope = app.createScope(`session:${sessionId.slice(0, 8)}`);
  scope
    .registerValue(Tokens.SessionId, sessionId)
    .registerValue(Tokens.Model, model)
    .register(Tokens.Bus, () => new EventBus<KasEvents>())
    .register(Tokens.PromptContext, () => Object.freeze({ cwd: process.cwd(), steeringFiles: [], variables: {} }))
    .register(Tokens.SteeringStore, () => new SteeringStore())
    .register(Tokens.SessionServices, (c) =>
      Object.freeze({
        sessionId: c.resolve(Tokens.SessionId),
        steeringStore: c.resolve(Tokens.SteeringStore),
        bus: c.resolve(Tokens.Bus),
        tracer: c.resolve(Tokens.Tracer),
      }),
    )
    .register(
      Tokens.Factory,
      (c) => new ExecutionFactory(c.resolve(Tokens.SessionServices), c.resolve(Tokens.PromptContext), c.resolve(Tokens.Bus)),
    )
    .register(Tokens.Injector, (c) => new SteeringInjector(c.resolve(Tokens.Bus)))
    .register(Tokens.Acknowledger, (c) => new SteeringAcknowledger(c.resolve(Tokens.Bus)))
    .register(
      Tokens.Runner,
      (c) =>
        new GraphRunner(
          c.resolve(Tokens.Model),
          c.resolve(Tokens.Injector),
          c.resolve(Tokens.TurnEndPolicy),
          c.lazy(Tokens.Tools),
          c.resolve(Tokens.Bus),
        ),
    )
    .register(Tokens.Tools, (c) =>
      buildToolTable({
        factory: c.resolve(Tokens.Factory),
        runner: c.lazy(Tokens.Runner),
        session: c.lazy(Tokens.Session),
        bus: c.resolve(Tokens.Bus),
        maxDepth: MAX_SUBAGENT_DEPTH,
      }),
    )
    .register(
      Tokens.Memory,
      (c) => new MemoryService(c.resolve(Tokens.Factory), c.lazy(Tokens.Runner), c.resolve(Tokens.MemoryArchive), c.resolve(Tokens.Bus)),
    )
    .register(Tokens.Notifier, (c) => new AcpNotifier(c.resolve(Tokens.SessionId), c.resolve(Tokens.Bus)))
    .register(Tokens.Session, (c) => new Session(c));
  // eager services: they subscribe to the bus when built
  scope.resolve(Tokens.Acknowledger);
  scope.resolve(Tokens.Memory);
  scope.resolve(Tokens.Notifier);
  scope.onDispose(() => scope.resolve(Tokens.Bus).clear());
  return scope;
}
