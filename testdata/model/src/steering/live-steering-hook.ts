import type { AgentExecution } from "../agent/execution";

// Called at MODEL_INVOKE for every execution, root and sub alike.
export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
}
