// [LiveSteeringHook] Moves unread steering into an execution's prompt right before its model call.
import type { AgentExecution } from "../agent/agent-execution.js";
import type { EventBus } from "../infra/event-bus.js";
import { log } from "../infra/log.js";
import { counted, traced } from "../infra/telemetry.js";
import type { KasEvents } from "../session/events.js";
import { composeSteeringPrompt } from "./steering-prompts.js";
import type { SteeringEntry } from "./steering-store.js";

/** Yields the entries the execution has not read yet, moving its cursor past each one. */
export function* unreadSteering(execution: AgentExecution): Generator<SteeringEntry> {
  const store = execution.sessionServices.steeringStore;
  for (let i = execution.steeringReaderIndex; i < store.getMessageCount(); i++) {
    const entry = store.at(i);
    execution.setSteeringReaderIndex(i + 1);
    if (entry) yield entry;
  }
}

export class SteeringInjector {
  constructor(private readonly bus: EventBus<KasEvents>) {}

  @traced("steering.inject")
  @counted("steering.inject.calls")
  async injectPending(execution: AgentExecution): Promise<number> {
    const delivered: string[] = [];
    for (const entry of unreadSteering(execution)) {
      execution.enqueueSteering(composeSteeringPrompt(execution, entry));
      execution.deliveredIds.push(entry.id);
      delivered.push(entry.id);
      log.info(
        `[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`,
      );
    }
    if (delivered.length > 0) this.bus.emit("steering.injected", { execution, ids: delivered });
    return delivered.length;
  }
}

/** Marks steering as handled by a sub-agent once its result is back with the parent. */
export class SteeringAcknowledger {
  constructor(bus: EventBus<KasEvents>) {
    bus.on("subagent.finished", ({ child }) => {
      const store = child.sessionServices.steeringStore;
      for (const id of child.deliveredIds) store.recordHandler(id, child.executionId);
    });
  }
}
