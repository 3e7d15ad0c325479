import { sessions } from "../session/session";
import { clearAtTurnBoundary } from "../session/turn-boundary";

type ExtHandler = (params: Record<string, unknown>) => Promise<unknown>;

const extHandlers: Record<string, ExtHandler> = {
  "_session/steer/clear": async (params) => {
    const { sessionId } = params as { sessionId: string };
    const session = sessions.get(sessionId);
    if (!session) throw Object.assign(new Error(`Session not found: ${sessionId}`), { code: -32602 });
    const messageIds = clearAtTurnBoundary(session.services, "user_clear");
    session.services.steering.bumpEpoch();
    return { cleared: true, messageIds };
  },
};

export async function handleExtMethod(method: string, params: Record<string, unknown>): Promise<unknown> {
  const handler = extHandlers[method];
  if (!handler) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params ?? {});
}
