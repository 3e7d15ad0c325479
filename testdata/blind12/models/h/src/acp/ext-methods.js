import { logger } from "../support/logger.js";

/** Kiro's `_`-prefixed ACP extension methods. */
export function createExtMethodHandler(sessions) {
  const handlers = {
    async "_session/steer/clear"({ sessionId }) {
      const session = sessions.get(sessionId);
      if (!session) throw Object.assign(new Error(`Session not found: ${sessionId}`), { code: -32002 });
      const { messageIds } = session.clearAtTurnBoundary("user_clear");
      session.steeringEpoch += 1;
      return { cleared: true, messageIds };
    },
  };
  return async function handleExtMethod(method, params = {}) {
    const handler = handlers[method];
    if (!handler) {
      logger.warn(`[AcpServer] unhandled ext method ${method}`);
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
    }
    return handler(params);
  };
}
