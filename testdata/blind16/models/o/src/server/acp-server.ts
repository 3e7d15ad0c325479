import { logLines } from "../common/log";
import type { ChatModel } from "../model/chat-model";
import { KasSession } from "../session/kas-session";
import { sessionRegistry } from "../session/session-registry";

export { handleExtMethod } from "./ext-methods";
export { logLines };

/** `session/new`: a session bound to a model provider. */
export function createSession(model: ChatModel): KasSession {
  const session = new KasSession(model);
  sessionRegistry.add(session);
  return session;
}
