import { shortExecutionId } from "../common/ids";
import { Logger } from "../common/logging";
import type { AgentExecution } from "../execution/agent-execution";
import { formatSteeringForPrompt } from "./steering-prompts";

const log = new Logger("steering");

/**
 * Runs at MODEL_INVOKE for every execution, top-level and sub-agent alike:
 * reads the session buffer from the execution's own read position and queues
 * each unread message into that execution's next prompt.
 */
export async function drainLiveSteering(execution: AgentExecution): Promise<number> {
  const { steeringBuffer, events } = execution.sessionServices;
  const delivered: string[] = [];
  for (let index = execution.steeringReaderIndex; index < steeringBuffer.messages.length; index++) {
    const message = steeringBuffer.messages[index];
    execution.steeringReaderIndex = index + 1;
    execution.enqueueUserMessage(formatSteeringForPrompt(message, execution));
    execution.injectedSteeringIds.push(message.id);
    delivered.push(message.id);
    log.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${message.handlers.size})`,
    );
  }
  if (delivered.length > 0) {
    events.steeringInjected(execution.executionId, delivered);
  }
  return delivered.length;
}
