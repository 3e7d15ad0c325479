/**
 * KAS entry module (dist/server/acp-server.js). The stdio transport is started
 * by the launcher; this module only exposes the session factory, the ACP
 * extension methods and the log sink.
 */
import { registerSession } from "../acp/ext-methods";
import { serverLogger } from "../common/logging";
import type { AgentModel } from "../execution/types";
import { KiroSession, type SessionOptions } from "../session/kiro-session";

export { handleExtMethod } from "../acp/ext-methods";
export { logLines } from "../common/logging";
export type { KiroSession } from "../session/kiro-session";

export function createSession(model: AgentModel, options?: SessionOptions): KiroSession {
  const session = new KiroSession(model, options);
  registerSession(session);
  serverLogger.debug(`session ${session.sessionId} created`);
  return session;
}
