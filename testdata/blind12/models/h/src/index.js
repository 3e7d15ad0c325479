// Entry of dist/server/acp-server.js
import { createExtMethodHandler } from "./acp/ext-methods.js";
import { Session } from "./session/session.js";

export { logLines } from "./support/logger.js";

const sessions = new Map();

export function createSession(model, options) {
  const session = new Session(model, options);
  sessions.set(session.sessionId, session);
  return session;
}

export const handleExtMethod = createExtMethodHandler(sessions);
