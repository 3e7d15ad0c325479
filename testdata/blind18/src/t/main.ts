import { KiroSession } from "./session/kiro-session.js";
import { liveSessions, handleExtMethod } from "./acp/extensions.js";
import type { LanguageModel } from "./execution/contracts.js";

export { logLines } from "./core/trace.js";
export { handleExtMethod };

export function createSession(model: LanguageModel): KiroSession {
  const session = new KiroSession(model);
  liveSessions.set(session.sessionId, session);
  return session;
}
