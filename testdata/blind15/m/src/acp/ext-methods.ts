import { lookupSession } from "../session/session-registry";
import { clearSteeringAtTurnBoundary } from "../session/turn-boundary";
import type { SteeringOrigin } from "../steering/types";

type ExtParams = Record<string, unknown>;

const handlers: Record<string, (params: ExtParams) => Promise<unknown> | unknown> = {
  "_session/steer": (params) => {
    const session = lookupSession(params.sessionId);
    const origin = (typeof params.origin === "string" ? params.origin : "user") as SteeringOrigin;
    const message = session.steer(String(params.text ?? ""), origin);
    return { queued: true, messageId: message.id };
  },
  "_session/steer/clear": (params) => {
    const session = lookupSession(params.sessionId);
    const { messageIds } = clearSteeringAtTurnBoundary(session.services, "user_clear");
    session.services.steering.epoch += 1;
    return { cleared: true, messageIds };
  },
  "_session/cancel": (params) => {
    lookupSession(params.sessionId).cancel();
    return { cancelled: true };
  },
};

/** ACP extension methods (`_`-prefixed) the server answers. */
export async function handleExtMethod(method: string, params: ExtParams = {}): Promise<unknown> {
  const handler = handlers[method];
  if (!handler) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params);
}
