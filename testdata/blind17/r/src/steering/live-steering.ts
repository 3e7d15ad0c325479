import { log } from "../kernel/log.js";
import type { AgentExecutionImpl } from "../exec/execution.js";
import type { SteeringEntry } from "./channel.js";
import { renderSteeringPrompt } from "./prompt-builder.js";

/**
 * Delivers live steering into a running execution. The model-invoke pipeline
 * calls onModelInvoke for every execution, parent or sub.
 */
export class LiveSteeringHook {
  private deliveries: number;

  constructor() {
    this.deliveries = 0;
  }

  get deliveryCount(): number {
    return this.deliveries;
  }

  /** What this execution has not read yet, and where that starts. */
  collect(execution: AgentExecutionImpl): { from: number; pending: SteeringEntry[] } {
    const from = execution.steeringReaderIndex;
    return { from, pending: execution.sessionServices.steering.slice(from) };
  }

  async onModelInvoke(execution: AgentExecutionImpl): Promise<string[]> {
    const { from, pending } = this.collect(execution);
    const injected: string[] = [];
    for (const [offset, entry] of pending.entries()) {
      execution.setSteeringReaderIndex(from + offset + 1);
      execution.enqueuePrompt(entry.id, renderSteeringPrompt(execution, entry));
      injected.push(entry.id);
      this.deliveries++;
      log.info(
        `[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`,
      );
    }
    return injected;
  }
}
