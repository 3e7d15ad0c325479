import type { AgentExecution } from "../agent/agent-execution";
import type { QueuedSteering, SteeringMessage } from "./steering-types";

/**
 * Delivers live steering to a running execution. Called at MODEL_INVOKE, before
 * the prompt is assembled, for every execution of the session (root, sub-agents
 * and memory extraction alike).
 */
export class LiveSteeringHook {
  private injected = 0;

  get injectedTotal(): number {
    return this.injected;
  }

  private toQueued(message: SteeringMessage): QueuedSteering {
    return { ref: message.id, kind: message.kind, body: message.text };
  }

  /** Moves every message past the execution's cursor into its inbox; returns how many. */
  drainInto(execution: AgentExecution): number {
    const buffer = execution.sessionServices.steeringBuffer;
    const logger = execution.sessionServices.logger;
    let delivered = 0;
    for (let i = execution.steeringReaderIndex; i < buffer.count; i++) {
      const message = buffer.at(i);
      execution.steeringReaderIndex = i + 1;
      message.handlers.add(execution.executionId);
      execution.enqueueSteering(this.toQueued(message));
      delivered += 1;
      this.injected += 1;
      logger.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
      );
    }
    return delivered;
  }
}
