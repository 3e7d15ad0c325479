import { Logger } from "../util/logger";
import type { SessionServices } from "./session-services";

const log = new Logger("TurnBoundary");

export interface SteeringClearResult {
  reason: string;
  messageIds: string[];
}

/** Every clear of the session's steering goes through here (turn end, cancel, errors, the client). */
export function clearSteeringAtTurnBoundary(services: SessionServices, reason: string): SteeringClearResult {
  const messageIds = services.liveSteering.clear();
  log.info(`[LiveSteeringHook] cleared ${messageIds.length} steering message(s) at turn boundary (${reason}), epoch ${services.liveSteering.epoch}`);
  if (messageIds.length > 0) services.events.sessionInfo("steering_cleared", { messageIds, reason });
  return { reason, messageIds };
}
