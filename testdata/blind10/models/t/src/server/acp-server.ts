import type { ModelClient } from "../agent/types";
import { AgentSession, type AgentSessionOptions } from "../session/agent-session";
import { sessionRegistry } from "../session/session-registry";

export { handleExtMethod } from "../acp/ext-methods";
export { logLines } from "../util/logger";

/** Creates a session bound to a model provider and registers it for ACP requests. */
export function createSession(model: ModelClient, options?: AgentSessionOptions): AgentSession {
  const session = new AgentSession(model, options);
  sessionRegistry.add(session);
  return session;
}

export function closeSession(sessionId: string): boolean {
  const session = sessionRegistry.get(sessionId);
  session?.cancel();
  return sessionRegistry.remove(sessionId);
}
