import { createLogger } from "../util/logger";
import { STEERING_TEMPLATES } from "./prompts";
import type { AgentExecution } from "../agent/execution";

const log = createLogger("LiveSteeringHook");

/**
 * Delivers the session's buffered steering to one execution. Runs at MODEL_INVOKE
 * for every execution (root, sub-agents, memory extraction): each message past the
 * execution's cursor is wrapped in a prompt and queued into that execution's next
 * model call, and the cursor moves past it.
 */
export async function drainLiveSteering(execution: AgentExecution): Promise<number> {
  const { steering, notifier, telemetry, sessionId } = execution.sessionServices;
  const injectedIds: string[] = [];
  while (execution.steeringReaderIndex < steering.entries.length) {
    const message = steering.entries[execution.steeringReaderIndex++];
    const template =
      message.kind !== "user"
        ? STEERING_TEMPLATES.informational
        : [...message.handlers].some((handler) => handler !== execution.executionId)
          ? STEERING_TEMPLATES.delegatedRecap
          : STEERING_TEMPLATES.activeAgent;
    execution.queueUserMessage(template(message));
    execution.deliveredSteering.push(message.id);
    injectedIds.push(message.id);
    telemetry.increment("steering.injected");
    log.info(
      `injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
    notifier.steering(sessionId, "steering_injected", { messageId: message.id, executionId: execution.executionId });
  }
  if (injectedIds.length > 0) {
    notifier.steering(sessionId, "steering_cleared", { messageIds: injectedIds, reason: "injected" });
  }
  return injectedIds.length;
}
