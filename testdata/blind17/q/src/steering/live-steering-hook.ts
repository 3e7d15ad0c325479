import type { AgentExecution } from "../agent/agent-execution.js";
import { steeringUpdate } from "../acp/updates.js";

const RECAP_PREFIX = "While you delegated work to subagent(s), the user sent the following message. Take it into account for the rest of this task:";
const ACTIVE_PREFIX = "The user sent a message while you were working. Read it and adjust your approach as the currently active agent:";
const NOTIFY_PREFIX = "Notification (informational only; no reply or action is required):";

/**
 * Live steering: called at MODEL_INVOKE for every execution. Reads the session's
 * buffer from this execution's cursor and queues each message into its prompt.
 */
export async function injectLiveSteering(execution: AgentExecution): Promise<void> {
  const { steering, logger, bus, sessionId } = execution.sessionServices;
  const injected: string[] = [];
  while (execution.steeringReaderIndex < steering.messages.length) {
    const message = steering.messages[execution.steeringReaderIndex++];
    let wrapped: string;
    if (message.kind !== "user") {
      wrapped = `[NOTIFY ${message.id}] ${NOTIFY_PREFIX}\n${message.text}`;
    } else if ([...message.handlers].some((handler) => handler !== execution.executionId)) {
      wrapped = `[STEERING ${message.id}] ${RECAP_PREFIX}\n${message.text}`;
    } else {
      wrapped = `[STEERING ${message.id}] ${ACTIVE_PREFIX}\n${message.text}`;
    }
    execution.queueSteeringPrompt(message.id, wrapped);
    injected.push(message.id);
    logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
    bus.emit("session/update", steeringUpdate(sessionId, "steering_injected", { messageId: message.id, executionId: execution.executionId }));
  }
  if (injected.length > 0) {
    bus.emit("session/update", steeringUpdate(sessionId, "steering_cleared", { messageIds: injected }));
  }
}
