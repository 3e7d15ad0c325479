// The live steering hook: before each model call of any execution it moves the
// session's buffered steering into that execution's prompt queue.

import { createLogger } from "../util/log";
import { shortExecutionId } from "../util/ids";
import { steeringMetrics } from "../ops/metrics";
import type { AgentExecution } from "../agent/execution";
import type { SteeringMessage } from "./buffer";
import { composeSteeringPrompt } from "./prompts";

const hookLog = createLogger();

export interface SteeringEvents {
  injected(execution: AgentExecution, message: SteeringMessage): void;
  delivered(execution: AgentExecution, ids: string[]): void;
}

export class LiveSteeringHook {
  constructor(private readonly events: SteeringEvents) {}

  /** Messages this execution has not read yet; moves its cursor past each one. */
  private collectUnread(exec: AgentExecution): SteeringMessage[] {
    const source = exec.sessionServices.steeringBuffer.messages;
    const unread: SteeringMessage[] = [];
    while (exec.steeringReaderIndex < source.length) {
      const next = source[exec.steeringReaderIndex];
      exec.steeringReaderIndex++;
      unread.push(next);
    }
    return unread;
  }

  async beforeModelInvoke(execution: AgentExecution): Promise<number> {
    const unread = this.collectUnread(execution);
    if (unread.length === 0) return 0;
    const ids: string[] = [];
    for (const item of unread) {
      execution.queueUserMessage(composeSteeringPrompt(execution, item));
      execution.deliveredSteering.add(item.id);
      ids.push(item.id);
      steeringMetrics.injected.inc({ kind: item.kind, depth: execution.subExecutionDepth });
      hookLog.info(
        `[LiveSteeringHook] injected steering ${item.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${item.handlers.size})`,
      );
      this.events.injected(execution, item);
    }
    this.events.delivered(execution, ids);
    return ids.length;
  }
}
