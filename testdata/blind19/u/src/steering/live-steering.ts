import type { AgentExecution } from "../execution/agent-execution";
import type { SteeringMessage } from "./buffer";
import { wrapSteeringMessage } from "./prompts";
import { Logger } from "../core/logger";

const log = new Logger("hooks");

// Yields every buffered message this execution has not read yet, moving its cursor past each one.
async function* unreadSteering(execution: AgentExecution): AsyncGenerator<SteeringMessage> {
  const { items } = execution.sessionServices.steering.state;
  while (execution.steeringReaderIndex < items.length) {
    const next = items[execution.steeringReaderIndex];
    execution.steeringReaderIndex += 1;
    yield next;
  }
}

/** Runs before every model call of every execution (MODEL_INVOKE). */
export async function drainLiveSteering(execution: AgentExecution): Promise<number> {
  const injected: string[] = [];
  for await (const message of unreadSteering(execution)) {
    execution.queueSteering(message.id, wrapSteeringMessage(execution, message));
    injected.push(message.id);
    log.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
  if (injected.length > 0) {
    execution.sessionServices.eventAdapter.sessionInfo("steering_injected", { messageIds: injected, executionId: execution.executionId });
    execution.sessionServices.eventAdapter.sessionInfo("steering_cleared", { messageIds: injected });
  }
  return injected.length;
}
