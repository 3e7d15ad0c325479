import { createLogger } from "../runtime/log.js";
import type { SessionServices } from "../execution/types.js";

const log = createLogger("steering");

export type ClearReason = "turn_end" | "cancel" | "prompt_error" | "model_settle_failure" | "user_clear";

/** Empties the session's steering buffer at a turn boundary and tells the client. */
export function clearSteeringAtTurnBoundary(services: SessionServices, reason: ClearReason | string): string[] {
  const messageIds = services.steering.clear();
  if (messageIds.length > 0) {
    services.updates.send("steering_cleared", { messageIds, reason });
    log.debug(`cleared ${messageIds.length} steering message(s) (${reason})`);
  }
  return messageIds;
}
