// src/index.ts: the server's entry (the slice the tests drive).
import { AcpSession } from "./session/acp-session";
import type { ModelProvider } from "./session/session-services";
import { sessions, handleExtMethod } from "./protocol/ext-methods";
export { logLines } from "./log";
export { handleExtMethod };

export function createSession(model: ModelProvider): AcpSession {
  const session = new AcpSession(model);
  sessions.set(session.sessionId, session);
  return session;
}
