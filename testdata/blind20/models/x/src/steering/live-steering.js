// src/steering/live-steering.ts — the MODEL_INVOKE drain.
import { log } from "../runtime/log.js";
import { renderSteering } from "./prompt.js";

export class LiveSteeringService {
  constructor(inbox, events) {
    this.inbox = inbox;
    this.events = events;
  }

  #collect(execution) {
    const collected = [];
    for (let cursor = execution.steeringReaderIndex; cursor < this.inbox.messageCount(); ) {
      collected.push(this.inbox.at(cursor));
      execution.setSteeringReaderIndex(++cursor);
    }
    return collected;
  }

  async drain(execution) {
    const injected = [];
    for (const message of this.#collect(execution)) {
      execution.enqueue({ role: "user", text: renderSteering(message, execution.executionId), steeringId: message.id });
      execution.receivedSteering.add(message.id);
      injected.push(message.id);
      log(
        "info",
        "[LiveSteeringHook]",
        `injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
      );
    }
    if (injected.length) {
      await this.events.emit("update", { kind: "steering_injected", messageIds: injected });
      await this.events.emit("update", { kind: "steering_cleared", messageIds: injected });
    }
    return injected;
  }
}
