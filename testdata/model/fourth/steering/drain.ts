import type { AgentExecution } from "../agent/execution";
import { composeSteeringPrompt } from "./steering-prompt";

// MODEL_INVOKE, for every execution of the session (root, sub-agents, memory extraction).
export function drainLiveSteering(execution: AgentExecution): number {
  const buffer = execution.sessionServices.steering;
  let handed = 0;
  for (let index = execution.steeringReaderIndex; index < buffer.size(); index++) {
    const message = buffer.get(index);
    execution.steeringReaderIndex = index + 1;
    if (message === undefined) continue;
    message.handlers.add(execution.executionId);
    const prompt = composeSteeringPrompt(execution, message);
    execution.queueSteering(prompt);
    handed++;
    execution.sessionServices.log.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
  return handed;
}
