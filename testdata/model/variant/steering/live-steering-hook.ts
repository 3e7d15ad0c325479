import type { AgentExecution } from "../agent/execution";

// Called at MODEL_INVOKE for every execution, root and sub alike.
export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  let buffer = execution.sessionServices.liveSteering;
  if (!buffer) {
    return;
  }
  while (execution.steeringReaderIndex < buffer.size()) {
    let message = buffer.at(execution.steeringReaderIndex);
    execution.setSteeringReaderIndex(execution.steeringReaderIndex + 1);
    if (message === void 0) {
      continue;
    }
    execution.queueSteering(message);
    message.handlers.add(execution.executionId);
    execution.sessionServices.logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
}
