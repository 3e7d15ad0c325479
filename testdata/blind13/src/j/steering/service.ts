import { logInfo } from "../core/log";
import { createSteeringBuffer } from "./buffer";

export type Notify = (kind: "steering_queued" | "steering_injected" | "steering_cleared", payload: Record<string, unknown>) => void;

export type SteeringService = ReturnType<typeof createSteeringService>;

export function createSteeringService(notify: Notify) {
  const buffer = createSteeringBuffer();
  const service = {
    buffer,
    epoch: 0,
    bumpEpoch(): number {
      service.epoch += 1;
      return service.epoch;
    },
    /** The turn-boundary helper: every clear of the buffer goes through it. */
    closeWindow(reason: string): string[] {
      const messageIds = buffer.drop();
      logInfo(`[LiveSteeringHook] steering window closed (${reason}); dropped ${messageIds.length}`);
      if (messageIds.length) notify("steering_cleared", { messageIds, reason });
      return messageIds;
    },
  };
  return service;
}
