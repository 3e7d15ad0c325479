import type { ModelProvider } from "../core/contracts";
import { KiroSession } from "../session/session";
import { sessionStore } from "../session/store";

export { handleExtMethod } from "../acp/ext";
export { logLines } from "../platform/log";

export function createSession(model: ModelProvider): KiroSession {
  const session = new KiroSession(model);
  sessionStore.set(session.sessionId, session);
  return session;
}

export function disposeSession(sessionId: string): void {
  sessionStore.get(sessionId)?.cancel();
  sessionStore.delete(sessionId);
}
