import { Logger } from "../logging/sink";
import type { SessionServices } from "../session/session-services";

const log = new Logger("TurnBoundary");

export type SteeringClearReason = "turn_end" | "cancel" | "prompt_error" | "model_settle_failure" | "user_clear";

/**
 * Drops the session's buffered steering at a turn boundary and tells the client.
 * The read position of executions still alive is not touched.
 */
export function clearSteeringAtBoundary(services: SessionServices, reason: SteeringClearReason): string[] {
  const messageIds = services.liveSteering.clear();
  if (messageIds.length) {
    services.metrics.count("steering.cleared", messageIds.length);
    services.bus.publish("steering:cleared", { messageIds, reason });
    log.debug(`cleared ${messageIds.length} (${reason})`);
  }
  return messageIds;
}
