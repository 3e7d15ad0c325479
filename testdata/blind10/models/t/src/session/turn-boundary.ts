import { logger } from "../util/logger";
import type { AgentSession } from "./agent-session";

export type SteeringClearReason = "turn_end" | "cancel" | "prompt_error" | "model_settle_failed" | "client_clear" | (string & {});

export interface SteeringClearResult {
  reason: SteeringClearReason;
  messageIds: string[];
}

/**
 * The one way steering is dropped: at the end of a turn, on cancel, on a failed prompt or
 * model call, and when the client asks for it.
 */
export function clearSteeringAtTurnBoundary(session: AgentSession, reason: SteeringClearReason): SteeringClearResult {
  const removed = session.sessionServices.steeringBuffer.clear();
  const messageIds = removed.map((message) => message.id);
  if (messageIds.length > 0) {
    logger.info(`[Steering] cleared ${messageIds.length} message(s) for ${session.sessionId} (${reason})`);
    session.sessionServices.events.steeringCleared(messageIds, reason);
  }
  return { reason, messageIds };
}
