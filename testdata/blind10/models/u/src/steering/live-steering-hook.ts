import type { AgentExecution } from "../core/execution";
import type { BuiltinHook } from "../hooks/hook-pipeline";
import { log } from "../platform/log";
import type { SteeringEntry } from "./steering-queue";

const STEERING_WORDING = {
  recap: (entry: SteeringEntry) =>
    `While you delegated work to subagent(s), the user sent this message; it has already been handled there, so fold it into your summary:\n[STEERING ${entry.id}] ${entry.text}`,
  active: (entry: SteeringEntry) =>
    `New message from the user, sent while you were working. Adjust your approach as the currently active agent:\n[STEERING ${entry.id}] ${entry.text}`,
  notice: (entry: SteeringEntry) => `[NOTIFY ${entry.id}] ${entry.text}\n(Informational only. No reply is needed.)`,
} as const;

/** Delivers live steering into every execution (root or sub-agent) right before each model call. */
export class LiveSteeringHook implements BuiltinHook {
  readonly id = "live-steering";
  private readonly log = log.child("LiveSteeringHook");

  async beforeModelInvoke(execution: AgentExecution): Promise<void> {
    const queue = execution.sessionServices.steering;
    const injected: string[] = [];
    for (let i = execution.steeringReaderIndex; i < queue.journal.entries.length; i++) {
      const entry = queue.journal.entries[i];
      execution.steeringReaderIndex = i + 1;
      const wording =
        entry.kind !== "user"
          ? STEERING_WORDING.notice
          : [...entry.handlers].some((handler) => handler !== execution.executionId)
            ? STEERING_WORDING.recap
            : STEERING_WORDING.active;
      execution.enqueueSteeringPrompt(wording(entry));
      execution.deliveredSteeringIds.push(entry.id);
      injected.push(entry.id);
      this.log.info(
        `injected steering ${entry.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`,
      );
    }
    if (injected.length === 0) return;
    const notifier = execution.sessionServices.notifier;
    notifier.steering("steering_injected", { messageIds: injected, executionId: execution.executionId, agentName: execution.agentName });
    notifier.steering("steering_cleared", { messageIds: injected });
  }
}
