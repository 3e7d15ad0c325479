// [LiveSteeringHook] Moves steering typed during a turn into the prompt of the
// execution about to call the model.

import { logger } from "../core/logging";
import type { AgentExecution } from "../runtime/execution";

const RECAP =
  "While you delegated work to subagent(s), the user sent the message below. It was already handled by a subagent; " +
  "summarise what changed before you continue.";
const ACTIVE = "The user has sent the message below mid-task. Adjust your approach as the currently active agent.";
const INFO = "The following notification is informational only; do not reply to it.";

export async function injectLiveSteering(exec: AgentExecution): Promise<string[]> {
  const buffer = exec.sessionServices.steeringBuffer;
  const injected: string[] = [];
  for (let i = exec.steeringReaderIndex; i < buffer.messageCount(); i++) {
    const msg = buffer.at(i);
    exec.steeringReaderIndex = i + 1;
    if (!msg) continue;
    let text: string;
    switch (msg.kind) {
      case "user": {
        const recap = [...msg.handlers].some((h) => h !== exec.executionId);
        text = `${recap ? RECAP : ACTIVE}\n[STEERING ${msg.id}] ${msg.text}`;
        break;
      }
      default:
        text = `${INFO}\n[NOTIFY ${msg.id}] ${msg.text}`;
    }
    exec.enqueueUserMessage(text);
    injected.push(msg.id);
    logger.info(`[LiveSteeringHook] injected steering ${msg.id} into ${exec.agentName} (${exec.shortId}) (handlers: ${msg.handlers.size})`);
    exec.sessionServices.emit("steering_injected", { messageId: msg.id, executionId: exec.executionId });
  }
  if (injected.length > 0 && exec.sessionServices.config.steering.emitClearedAfterInjection) {
    exec.sessionServices.emit("steering_cleared", { messageIds: injected, executionId: exec.executionId });
  }
  return injected;
}
