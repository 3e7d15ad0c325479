import { Logger } from "../logging/sink";
import type { AgentExecution } from "../execution/agent-execution";

const log = new Logger("LiveSteeringHook");

/**
 * Decides, when the model answered without tool calls, whether the execution is
 * done or must go round MODEL_INVOKE again because steering is still queued.
 */
export class TurnCompletionPolicy {
  constructor(private readonly maxDrainRetries = 2) {}

  shouldContinue(execution: AgentExecution): boolean {
    const queued = execution.hasQueuedUserMessage();
    if (queued && execution.drainRetryCount < this.maxDrainRetries) {
      execution.drainRetryCount++;
      log.info(`Queued user message found for ${execution.agentName} - continuing`);
      return true;
    }
    if (queued) log.warn(`drain retries exhausted for ${execution.agentName}; steering stays queued`);
    execution.drainRetryCount = 0;
    return false;
  }
}
