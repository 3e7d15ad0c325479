import { renderSteeringNotice } from "./notice.js";

/**
 * System hook run before every model call of every execution (system hooks ignore
 * `skipHooks`, which only silences the user's configured hooks).
 */
export class LiveSteeringHook {
  constructor({ logger, telemetry, updates }) {
    this.logger = logger;
    this.telemetry = telemetry;
    this.updates = updates;
  }

  get name() {
    return "live-steering";
  }

  async beforeModelInvoke(execution) {
    const delivered = this.drain(execution);
    if (delivered.length > 0) {
      this.updates.send("steering_injected", delivered, { executionId: execution.executionId });
      this.updates.send("steering_cleared", delivered, { executionId: execution.executionId });
    }
  }

  drain(execution) {
    const queue = execution.sessionServices.liveSteering;
    const unread = queue.messages.slice(execution.steeringReaderIndex);
    const delivered = [];
    for (const message of unread) {
      execution.steeringReaderIndex += 1;
      execution.queueUserMessage(renderSteeringNotice(execution, message));
      execution.receivedSteering.push(message.id);
      delivered.push(message.id);
      this.telemetry.count("steering.delivered", { kind: message.kind, depth: execution.subExecutionDepth });
      this.logger.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
      );
    }
    return delivered;
  }
}
