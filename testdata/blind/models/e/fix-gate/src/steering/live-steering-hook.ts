// src/steering/live-steering-hook.ts
import { Logger } from "../logging/logger.js";
import { RuntimeEvent } from "../events/bus.js";
import { Metrics } from "../telemetry/tracer.js";
import type { AgentExecution } from "../agent/agent-execution.js";

const log = new Logger("steering");

const RECAP_PREFIX =
  "While you delegated work to subagent(s), the user sent the following message. It may already have been addressed by the subagent; take it into account in your next step:";
const ACTIVE_PREFIX =
  "The user sent a new message while you were working. Adjust your approach as the currently active agent:";
const NOTIFICATION_PREFIX = "The following notification is informational only; no reply or action is required:";

/**
 * MODEL_INVOKE step for every execution, top-level or sub: moves unread live-steering
 * messages of the session into the execution's next prompt.
 */
export async function injectLiveSteering(execution: AgentExecution): Promise<number> {
  const services = execution.sessionServices;
  const buffer = services.steeringBuffer;
  let injected = 0;
  while (execution.steeringReaderIndex < buffer.messages.length) {
    const message = buffer.messages[execution.steeringReaderIndex];
    execution.steeringReaderIndex++;
    if (message.kind === "user" && execution.subExecutionDepth > 0) continue;
    let prompt: string;
    if (message.kind !== "user") {
      prompt = `[NOTIFY ${message.id}] ${NOTIFICATION_PREFIX}\n${message.text}`;
    } else {
      let handledElsewhere = false;
      for (const handler of message.handlers) {
        if (handler !== execution.executionId) {
          handledElsewhere = true;
          break;
        }
      }
      prompt = handledElsewhere
        ? `[STEERING ${message.id}] ${RECAP_PREFIX}\n${message.text}`
        : `[STEERING ${message.id}] ${ACTIVE_PREFIX}\n${message.text}`;
    }
    execution.queueSteeringMessage({ messageId: message.id, kind: message.kind, prompt });
    injected++;
    log.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
    services.bus.emit(RuntimeEvent.SteeringInjected, { messageId: message.id, executionId: execution.executionId });
    services.eventAdapter.sendSteeringUpdate("steering_injected", [message.id], { executionId: execution.executionId });
  }
  if (injected > 0) {
    Metrics.increment("steering.injected", injected);
    services.eventAdapter.sendSteeringUpdate("steering_cleared", execution.injectedSteeringIds.slice(-injected), {
      executionId: execution.executionId,
    });
  }
  return injected;
}
