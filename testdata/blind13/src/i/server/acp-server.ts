import { KiroSession } from "../session/kiro-session";
import type { Model } from "../graph/agent-graph";
import { logLines } from "../util/logger";

const sessions = new Map<string, KiroSession>();

export function createSession(model: Model): KiroSession {
  const session = new KiroSession(model);
  sessions.set(session.sessionId, session);
  return session;
}

function sessionFor(sessionId: unknown): KiroSession {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (!session) throw Object.assign(new Error(`Session not found: ${String(sessionId)}`), { code: -32602 });
  return session;
}

/** ACP extension methods (`_session/...`). */
export async function handleExtMethod(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const message = sessionFor(params.sessionId).steer(String(params.text ?? ""), typeof params.origin === "string" ? params.origin : "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params;
      const { messageIds } = sessionFor(sessionId).clearSteering("client_clear");
      return { cleared: true, messageIds };
    }
    default:
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}

export { logLines };
