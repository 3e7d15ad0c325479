import type { SessionRuntime } from "./runtime.js";
import { log } from "../kernel/log.js";

export type BoundaryReason = "turn_end" | "cancel" | "prompt_error" | "settle_failure" | "user_clear";

/**
 * The turn boundary: drops the steering channel and tells the client which
 * messages went. Every way a turn can end comes through here.
 */
export function settleTurnBoundary(runtime: SessionRuntime, reason: BoundaryReason): string[] {
  const services = runtime.services;
  const messageIds = services.steering.drop();
  if (messageIds.length > 0) {
    services.notify(services.sessionId, {
      sessionUpdate: "session_info_update",
      _meta: { kiro: { kind: "steering_cleared", messageIds, reason } },
    });
    log.debug("turn boundary dropped steering", { reason, count: messageIds.length });
  }
  return messageIds;
}
