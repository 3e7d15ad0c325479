import { logInfo } from "../logger";
import type { AgentExecution } from "../execution";
import { renderSteeringPrompt } from "./prompts";

/**
 * LiveSteeringHook, MODEL_INVOKE side: move what arrived since this execution last
 * looked into its prompt queue. Returns the ids delivered.
 */
export async function injectLiveSteering(exec: AgentExecution): Promise<string[]> {
  const { steering, updates } = exec.sessionServices;
  const start = exec.steeringReaderIndex;
  const unread = steering.since(start);
  const delivered: string[] = [];
  for (let offset = 0; offset < unread.length; offset++) {
    const message = unread[offset];
    exec.steeringReaderIndex = start + offset + 1;
    exec.queueUserMessage(renderSteeringPrompt(message, exec));
    delivered.push(message.id);
    logInfo(
      `[LiveSteeringHook] injected steering ${message.id} into ${exec.agentName} (${exec.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
  if (delivered.length > 0) {
    updates.emit({ kind: "steering_injected", messageIds: delivered, executionId: exec.executionId });
    updates.emit({ kind: "steering_cleared", messageIds: delivered });
  }
  return delivered;
}
