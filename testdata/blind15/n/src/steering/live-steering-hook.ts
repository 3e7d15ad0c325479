import { Logger } from "../logging/sink";
import { buildSteeringInjection } from "./steering-prompt-builder";
import type { ModelInvokeHook } from "../execution/model-invoke-hooks";
import type { AgentExecution } from "../execution/agent-execution";

/**
 * Built-in MODEL_INVOKE hook: hands every buffered steering message past the
 * execution's cursor to that execution.
 */
export class LiveSteeringHook implements ModelInvokeHook {
  readonly name = "LiveSteeringHook";
  readonly builtin = true;
  private readonly log = new Logger("LiveSteeringHook");

  async onModelInvoke(execution: AgentExecution): Promise<void> {
    const services = execution.sessionServices;
    const queue = services.liveSteering;
    const end = queue.messageCount();
    const start = execution.steeringReaderIndex;
    if (start >= end) return;
    for (let i = start; i < end; i++) {
      const entry = queue.at(i);
      if (!entry) continue;
      execution.enqueueUserMessage(buildSteeringInjection(execution, entry));
      execution.deliveredSteeringIds.push(entry.id);
      services.metrics.count("steering.injected");
      this.log.info(
        `injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`,
      );
      services.bus.publish("steering:injected", {
        messageId: entry.id,
        executionId: execution.executionId,
        agentName: execution.agentName,
      });
    }
    execution.steeringReaderIndex = end;
    services.bus.publish("steering:cleared", { messageIds: queue.ids().slice(start, end), reason: "injected" });
  }
}
