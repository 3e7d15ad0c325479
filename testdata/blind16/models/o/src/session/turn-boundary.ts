import { log } from "../common/log";
import type { SteeringBuffer } from "../steering/steering-buffer";
import type { SessionUpdateSink } from "./session-updates";

export type ClearReason = "turn_end" | "cancelled" | "prompt_error" | "model_settle_failed" | "user_clear";

/** Everything that has to happen to the steering buffer where a turn starts or stops. */
export class TurnBoundary {
  constructor(
    private readonly buffer: SteeringBuffer,
    private readonly updates: SessionUpdateSink,
  ) {}

  clearSteering(reason: ClearReason): string[] {
    const messageIds = this.buffer.clear();
    if (messageIds.length > 0) {
      log.info(`[TurnBoundary] cleared ${messageIds.length} steering message(s): ${reason}`);
    }
    this.updates.steering("steering_cleared", messageIds, { reason });
    return messageIds;
  }
}
