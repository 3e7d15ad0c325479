import { logger } from "../lib/log.js";
import { TAG } from "../steering/inject.js";

/**
 * Drops the session's queued steering at a turn boundary (turn end, cancel,
 * prompt error, model-settle failure, explicit clear) and tells the client.
 * @param {import("./services.js").SessionServices} services
 * @param {string} reason
 * @returns {string[]} the ids that were dropped
 */
export function clearSteeringAtTurnBoundary(services, reason) {
  const messageIds = services.steering.log.reset();
  if (messageIds.length > 0) logger.info(`${TAG} cleared ${messageIds.length} steering message(s) (${reason})`);
  services.events.publish("steering_cleared", { messageIds, reason });
  return messageIds;
}
