import type { Session } from "./session.js";
import { steeringUpdate } from "../acp/updates.js";

export type ClearReason = "turn_end" | "cancelled" | "prompt_error" | "model_settle_failure" | "user_clear";

/** Everything that must happen when a turn ends, however it ends. */
export class TurnBoundary {
  private turns = 0;
  readonly history: Array<{ reason: ClearReason; cleared: number; at: number }> = [];

  get completedTurns(): number {
    return this.turns;
  }

  close(session: Session, reason: ClearReason): string[] {
    const { steering, bus, logger } = session.services;
    const messageIds = steering.clear();
    if (reason === "turn_end") this.turns++;
    this.history.push({ reason, cleared: messageIds.length, at: Date.now() });
    if (this.history.length > 100) this.history.shift();
    if (messageIds.length > 0) {
      logger.debug(`[TurnBoundary] cleared ${messageIds.length} steering message(s) (${reason})`);
      bus.emit("session/update", steeringUpdate(session.sessionId, "steering_cleared", { messageIds, reason }));
    }
    return messageIds;
  }
}
