import { logger } from "../runtime/log.js";
import { steeringPrompt } from "./steering-text.js";

/** Everything in the session queue from this execution's cursor on; the cursor follows each read. */
function takeUnread(execution) {
  const queue = execution.sessionServices.steeringQueue;
  const taken = [];
  for (let i = execution.steeringReaderIndex, end = queue.total(); i < end; i++) {
    taken.push(queue.at(i));
    execution.setSteeringReaderIndex(i + 1);
  }
  return taken;
}

export class LiveSteeringHook {
  constructor(events) {
    this.events = events;
  }

  async handle(execution) {
    const delivered = [];
    for (const item of takeUnread(execution)) {
      execution.injectUserMessage(item.id, steeringPrompt(execution, item));
      delivered.push(item.id);
      logger.info(`[LiveSteeringHook] injected steering ${item.id} into ${execution.agentName} (${execution.shortId}) (handlers: ${item.handlers.size})`);
    }
    if (delivered.length) {
      this.events.emit("session_info_update", { kind: "steering_injected", messageIds: delivered });
      this.events.emit("session_info_update", { kind: "steering_cleared", messageIds: delivered });
    }
  }
}

export class UserHooks {
  constructor(definitions = []) {
    this.definitions = definitions;
  }

  async handle(execution, payload) {
    for (const def of this.definitions) await def(execution, payload);
  }
}
