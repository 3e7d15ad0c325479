import { logInfo } from "../core/log";
import type { AgentExecution } from "../execution/agent-execution";
import { renderSteering } from "./prompts";

/** MODEL_INVOKE drain: hand the execution every steering message past its cursor. */
export function injectLiveSteering(exec: AgentExecution): string[] {
  const { buffer } = exec.sessionServices.steering;
  const delivered: string[] = [];
  for (let message = buffer.messageAt(exec.steeringReaderIndex); message !== undefined; message = buffer.messageAt(exec.steeringReaderIndex)) {
    exec.setSteeringReaderIndex(exec.steeringReaderIndex + 1);
    exec.queueUserMessage(renderSteering(exec, message));
    delivered.push(message.id);
    logInfo(`[LiveSteeringHook] injected steering ${message.id} into ${exec.agentName} (${exec.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`);
  }
  if (delivered.length > 0) {
    exec.sessionServices.notify("steering_injected", { executionId: exec.executionId, messageIds: delivered });
    exec.sessionServices.notify("steering_cleared", { messageIds: delivered });
  }
  return delivered;
}
