import { handleExtMethod, registerSession } from "./acp/ext-methods";
import { logLines } from "./runtime/logger";
import { createKasSession, type KasSession } from "./runtime/session";
import type { ChatModel } from "./runtime/types";

export function createSession(model: ChatModel): KasSession {
  const session = createKasSession(model);
  registerSession(session);
  return session;
}

export { handleExtMethod, logLines };
