import type { SessionServices } from "../session/services";
import { createLogger } from "../util/logger";

const log = createLogger("kas.steering");

export type SteeringClearReason =
  | "turn_end"
  | "cancelled"
  | "prompt_error"
  | "model_settle_failed"
  | "user_clear";

/** Drops every buffered steering message at a turn boundary and tells the client which. */
export function clearSteeringAtTurnBoundary(services: SessionServices, reason: SteeringClearReason): string[] {
  const messageIds = services.liveSteering.clear();
  if (messageIds.length > 0) log.debug(`cleared ${messageIds.length} steering message(s): ${reason}`);
  services.steeringEvents.cleared(messageIds, reason);
  return messageIds;
}
