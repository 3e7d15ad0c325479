import { createLogger } from "../runtime/log.js";
import type { AgentExecution } from "../execution/agent-execution.js";

const log = createLogger("steering");

const RECAP_PREAMBLE =
  "While you delegated work to subagent(s), the user sent the following message. " +
  "It may already have been handled by a subagent; take it into account when you continue:";
const ACTIVE_PREAMBLE =
  "The user sent a new message while you were working. Read it and adjust your approach as the currently active agent:";
const NOTIFICATION_PREAMBLE =
  "The following notification is informational only. Do not stop or change course because of it:";

/**
 * Moves every steering message this execution has not read yet into its prompt queue.
 * Runs at MODEL_INVOKE for every execution, top-level or not.
 */
export async function drainLiveSteering(execution: AgentExecution): Promise<number> {
  const services = execution.sessionServices;
  const buffer = services.steering;
  const injected: string[] = [];
  while (execution.steeringReaderIndex < buffer.length) {
    const message = buffer.at(execution.steeringReaderIndex);
    execution.steeringReaderIndex++;
    if (message === undefined) continue;
    let text: string;
    if (message.kind !== "user") {
      text = `[NOTIFY ${message.id}] ${NOTIFICATION_PREAMBLE}\n${message.text}`;
    } else {
      let delegated = false;
      for (const handler of message.handlers) {
        if (handler !== execution.executionId) {
          delegated = true;
          break;
        }
      }
      text = delegated
        ? `[STEERING ${message.id}] ${RECAP_PREAMBLE}\n${message.text}`
        : `[STEERING ${message.id}] ${ACTIVE_PREAMBLE}\n${message.text}`;
    }
    execution.queueUserMessage({ role: "user", text, steeringId: message.id });
    injected.push(message.id);
    log.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
  if (injected.length > 0) {
    services.updates.send("steering_injected", { messageIds: injected, executionId: execution.executionId });
    services.updates.send("steering_cleared", { messageIds: injected });
  }
  return injected.length;
}
