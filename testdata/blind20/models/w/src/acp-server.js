// src/acp-server.ts — entry point of the Kiro agent server (model w)
import { Session, sessions } from "./session/session.js";
export { logLines } from "./util/logger.js";

export function createSession(model, options) {
  return new Session(model, options);
}

export async function handleExtMethod(method, params = {}) {
  switch (method) {
    case "_session/steer": {
      const session = sessions.get(params.sessionId);
      if (!session) throw new Error(`unknown session ${params.sessionId}`);
      const message = session.steer(String(params.text ?? ""), "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const session = sessions.get(params.sessionId);
      if (!session) throw new Error(`unknown session ${params.sessionId}`);
      const messageIds = session.clearSteering("client_clear");
      session.steering.bumpEpoch();
      return { cleared: true, messageIds };
    }
    default:
      throw new Error(`method not found: ${method}`);
  }
}
