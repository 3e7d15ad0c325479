import { createLogger } from "../util/logger";
import type { SessionServices } from "./services";
import type { ClearResult } from "../steering/types";

const log = createLogger("Steering");

export type ClearReason = "turn_end" | "cancelled" | "prompt_error" | "model_settle_failed" | "user_clear";

/** Empties the session's steering buffer. Cursors of live executions are left as they are. */
export function clearSteeringAtTurnBoundary(services: SessionServices, reason: ClearReason): ClearResult {
  const result = services.steering.drop(reason);
  if (result.messageIds.length > 0) {
    services.telemetry.increment("steering.cleared", result.messageIds.length);
    services.notifier.steering(services.sessionId, "steering_cleared", { reason, messageIds: result.messageIds });
    log.debug(`cleared ${result.messageIds.length} steering message(s): ${reason}`);
  }
  return result;
}
