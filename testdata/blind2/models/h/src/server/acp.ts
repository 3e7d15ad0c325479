import { sessionsById } from "./session";
import { endTurnClear } from "./turn-boundary";

const extMethods = new Map<string, (params: { sessionId?: string }) => unknown>([
  [
    "_session/steer/clear",
    ({ sessionId }) => {
      const session = sessionId === undefined ? undefined : sessionsById.get(sessionId);
      if (session === undefined) throw Object.assign(new Error("unknown session"), { code: -32602 });
      const messageIds = endTurnClear(session, "user_clear");
      session.services.channel.store.epoch++;
      return { cleared: true, messageIds };
    },
  ],
]);

export async function handleExtMethod(method: string, params: { sessionId?: string }): Promise<unknown> {
  const handler = extMethods.get(method);
  if (handler === undefined) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params ?? {});
}
