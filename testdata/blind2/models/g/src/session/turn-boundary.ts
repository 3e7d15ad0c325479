//#if rewind
import { EXECUTION_REGISTRY } from "../di/tokens";
//#endif
import type { SessionServices } from "./session-services";

export type ClearReason = "turn_end" | "cancel" | "prompt_error" | "model_settle_failure" | "user_clear";

/** Empties the session's steering buffer at a turn boundary and tells the client which ids went. */
export function clearAtTurnBoundary(services: SessionServices, reason: ClearReason): string[] {
  const messageIds = services.steering.clear();
//#if rewind
  for (const execution of services.container.resolve(EXECUTION_REGISTRY).running()) execution.setSteeringReaderIndex(0);
//#endif
  if (messageIds.length > 0) {
    services.updates.steering("steering_cleared", messageIds);
    services.logger.debug(`[LiveSteering] cleared ${messageIds.length} message(s) (${reason})`);
  }
  return messageIds;
}
