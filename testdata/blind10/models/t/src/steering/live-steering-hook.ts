import type { AgentExecution } from "../agent/agent-execution";
import { logger } from "../util/logger";
import { shortExecutionId } from "../util/ids";
import { incrementCounter } from "../telemetry/metrics";
import type { SteeringMessage } from "./steering-buffer";
import { renderSteeringPrompt } from "./steering-prompts";

/** Walks the session buffer from the execution's cursor, moving the cursor past each message it hands out. */
export function* unreadSteering(execution: AgentExecution): Generator<SteeringMessage, void, undefined> {
  const buffer = execution.sessionServices.steeringBuffer;
  while (execution.steeringReaderIndex < buffer.bufferedCount()) {
    const message = buffer.messageAt(execution.steeringReaderIndex);
    execution.steeringReaderIndex += 1;
    if (message !== undefined) yield message;
  }
}

/**
 * Live steering, run at MODEL_INVOKE for every execution (root and sub-agents): queue every
 * message the execution has not read yet into its prompt.
 */
export async function drainLiveSteering(execution: AgentExecution): Promise<number> {
  const injected: string[] = [];
  for (const message of unreadSteering(execution)) {
    execution.queueUserMessage(renderSteeringPrompt(execution, message));
    execution.pendingAcknowledgements.push(message.id);
    injected.push(message.id);
    logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${message.handlers.size})`,
    );
  }
  if (injected.length > 0) {
    incrementCounter("steering.injected", injected.length);
    const events = execution.sessionServices.events;
    events.steeringInjected(execution.executionId, injected);
    // the client drops these from its pending list
    events.steeringCleared(injected, "injected");
  }
  return injected.length;
}
