import { randomUUID } from "node:crypto";

// Ids are the first 16 hex digits of a v4 UUID, prefixed by what produced them.
function hex16(): string {
  return randomUUID().replaceAll("-", "").slice(0, 16);
}

export const newSteeringId = (): string => `steer-${hex16()}`;
export const newNotificationId = (): string => `notify-${hex16()}`;
export const newExecutionId = (): string => randomUUID();
export const newSessionId = (): string => `sess_${randomUUID()}`;
