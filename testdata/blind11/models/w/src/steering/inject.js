import { logger } from "../lib/log.js";

export const TAG = "[LiveSteeringHook]";

const WORDING = {
  recap:
    "While you delegated work to subagent(s), the user sent the message below. The subagent(s) have already seen it; fold it into what is left of the work.",
  active:
    "The user sent the message below while you were working. Adjust your approach as the currently active agent and acknowledge it in your reply.",
  info: "Informational only: a notification from the running workflow. No reply is needed.",
};

/**
 * The live-steering drain, run at MODEL_INVOKE for every execution. Moves the
 * execution's reader index over the session's steering log and queues every
 * message it passes into the execution's next prompt.
 * @param {import("../agent/agent-execution.js").AgentExecution} execution
 * @returns {Promise<number>} how many messages were queued
 */
export async function injectLiveSteering(execution) {
  const { steering, events } = execution.sessionServices;
  const log = steering.log;
  const injected = [];
  while (execution.steeringReaderIndex < log.nextIndex) {
    const msg = log.at(execution.steeringReaderIndex++);
    let body;
    switch (msg.kind) {
      case "user": {
        let delegated = false;
        for (const handlerId of msg.handlers) {
          if (handlerId !== execution.executionId) {
            delegated = true;
            break;
          }
        }
        body = `${delegated ? WORDING.recap : WORDING.active}\n[STEERING ${msg.id}] ${msg.text}`;
        break;
      }
      default:
        body = `${WORDING.info}\n[NOTIFY ${msg.id}] ${msg.text}`;
    }
    execution.enqueueUserMessage(body);
    execution.deliveredSteering.push(msg.id);
    injected.push(msg.id);
    logger.info(
      `${TAG} injected steering ${msg.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${msg.handlers.size})`,
    );
  }
  if (injected.length > 0) {
    events.publish("steering_injected", { executionId: execution.executionId, messageIds: injected });
    events.publish("steering_cleared", { executionId: execution.executionId, messageIds: injected, reason: "injected" });
  }
  return injected.length;
}
