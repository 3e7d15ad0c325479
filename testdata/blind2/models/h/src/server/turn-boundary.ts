export type ClearReason = "turn_end" | "cancel" | "prompt_error" | "model_settle_failure" | "user_clear";

interface Clearable {
  readonly services: { channel: { purge(): string[] }; eventAdapter: { send(k: "steering_cleared", ids: string[]): void }; log(l: string): void };
  readonly live: Set<{ setSteeringReaderIndex(n: number): void }>;
}

/** Drops every steering message of the session at a turn boundary. */
export function endTurnClear(session: Clearable, reason: ClearReason): string[] {
  const messageIds = session.services.channel.purge();
//#if rewind
  session.live.forEach((execution) => execution.setSteeringReaderIndex(0));
//#endif
  if (messageIds.length) {
    session.services.eventAdapter.send("steering_cleared", messageIds);
    session.services.log(`[LiveSteering] cleared ${messageIds.length} (${reason})`);
  }
  return messageIds;
}
