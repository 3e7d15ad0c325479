import { Session, type SessionOptions } from "./session/session.js";
import { sessions, handleExtMethod } from "./acp/ext-methods.js";
import type { ModelClient } from "./execution/types.js";
import { logLines } from "./runtime/log.js";

export function createSession(model: ModelClient, options?: SessionOptions): Session {
  const session = new Session(model, options);
  sessions.set(session.sessionId, session);
  return session;
}

export { handleExtMethod, logLines };
