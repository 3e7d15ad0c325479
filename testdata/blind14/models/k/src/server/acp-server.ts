import type { ModelProvider } from "../graph/nodes";
import type { AcpClient } from "../steering/events";
import { AgentSession } from "../session/session";
import { createLogger, logLines } from "../util/logger";

const log = createLogger("kas.acp");

const sessions = new Map<string, AgentSession>();

export class ExtMethodError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

export function createSession(model: ModelProvider, client?: AcpClient): AgentSession {
  const session = new AgentSession(model, client);
  sessions.set(session.sessionId, session);
  log.info(`session ${session.sessionId} created`);
  return session;
}

function requireSession(params: Record<string, unknown>): AgentSession {
  const sessionId = params.sessionId;
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (session === undefined) throw new ExtMethodError(-32602, `unknown session ${String(sessionId)}`);
  return session;
}

/** Kiro's ACP extension methods (`_session/...`). */
export async function handleExtMethod(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params);
      const message = session.steer(String(params.text ?? ""), "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const session = requireSession(params);
      const messageIds = session.clearSteering("user_clear");
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      requireSession(params).cancel();
      return { cancelled: true };
    }
    default:
      throw new ExtMethodError(-32601, `method not found: ${method}`);
  }
}

export { logLines };
