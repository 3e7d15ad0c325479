import { log } from "../platform/log";
import type { KiroSession } from "./session";

export type ClearReason = "turn_complete" | "cancelled" | "prompt_failed" | "model_settle_failed" | "client_request" | (string & {});

export interface ClearOutcome {
  reason: ClearReason;
  messageIds: string[];
  epoch: number;
}

const boundaryLog = log.child("TurnBoundary");

/** Drops a session's queued steering at the edges of a turn (and on request). */
export class TurnBoundary {
  constructor(private readonly session: KiroSession) {}

  clearSteering(reason: ClearReason, options: { bumpEpoch?: boolean } = {}): ClearOutcome {
    const queue = this.session.services.steering;
    const dropped = queue.reset();
    if (options.bumpEpoch) queue.journal.epoch += 1;
    const messageIds = dropped.map((entry) => entry.id);
    if (messageIds.length > 0) {
      boundaryLog.debug(`dropped ${messageIds.length} steering message(s): ${reason}`);
      this.session.services.notifier.steering("steering_cleared", { messageIds, reason });
    }
    return { reason, messageIds, epoch: queue.journal.epoch };
  }
}
