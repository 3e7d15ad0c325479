import type { ChatModel } from "../loop/nodes";
import { KasSession } from "../session/kas-session";
import type { AcpConnection } from "../steering/notifier";
import { sessions } from "./ext-methods";

export { handleExtMethod } from "./ext-methods";
export { logLines } from "../core/logging";

export function createSession(model: ChatModel, connection?: AcpConnection): KasSession {
  const session = new KasSession(model, connection);
  sessions.set(session.sessionId, session);
  return session;
}
