import { logInfo } from "./logger";
import type { SessionServices } from "./types";

export type ClearReason = "turn_end" | "cancelled" | "prompt_error" | "model_settle_failed" | "user_clear";

/** Turn-boundary helper: drop the session's steering and tell the client which ids went. */
export function clearSteeringAtTurnBoundary(services: SessionServices, reason: ClearReason): string[] {
  const messageIds = services.steering.reset();
  if (messageIds.length > 0) logInfo(`[Steering] cleared ${messageIds.length} message(s) (${reason})`);
  services.updates.emit({ kind: "steering_cleared", messageIds, reason });
  return messageIds;
}
