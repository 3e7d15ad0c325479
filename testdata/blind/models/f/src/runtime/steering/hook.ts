// src/runtime/steering/hook.ts
import { createLogger, type ScopedLogger } from "../../core/log.js";
import { short } from "../../core/ids.js";
import type { AgentExecution } from "../execution.js";
import { takeUnread } from "./unread.js";
import { composeSteeringPrompt } from "./prompt.js";

/** Runs before every model call of every execution and hands it the steering it has not read. */
export class LiveSteeringHook {
  log: ScopedLogger;
  deliveries: number;

  constructor() {
    this.log = createLogger("LiveSteeringHook");
    this.deliveries = 0;
  }

  async beforeModelInvoke(execution: AgentExecution): Promise<void> {
    let services = execution.sessionServices;
    let delivered: string[] = [];
    for (let entry of takeUnread(execution, services.liveSteering)) {
      let text = composeSteeringPrompt(execution, entry);
      this.log.info(
        `injected steering ${entry.id} into ${execution.agentName} (${short(execution.executionId)}) (handlers: ${entry.handlers.size})`,
      );
      execution.enqueueSteering({ messageId: entry.id, text });
      delivered.push(entry.id);
      services.events.steering("steering_injected", [entry.id], execution.executionId);
    }
    this.deliveries += delivered.length;
    delivered.length > 0 && services.events.steering("steering_cleared", delivered, execution.executionId);
  }
}
