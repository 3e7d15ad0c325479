import { ComponentLogger } from "../core/logging";
import type { SessionServices } from "../session/services";

const log = new ComponentLogger("steering");

export type ClearCause = "turn_end" | "cancel" | "prompt_error" | "model_settle_failure" | "client_clear";

/** Turn-boundary helper: empties the inbox and reports the dropped ids. */
export function closeSteeringWindow(services: SessionServices, cause: ClearCause): string[] {
  const messageIds = services.steeringInbox.reset();
  services.notifier.emit("steering_cleared", { messageIds, reason: cause });
  log.debug(`steering window closed (${cause}), ${messageIds.length} dropped`);
  return messageIds;
}
