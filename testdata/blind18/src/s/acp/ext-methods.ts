import type { Session } from "../session/session.js";

export const sessions = new Map<string, Session>();

function requireSession(sessionId: unknown): Session {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (!session) throw Object.assign(new Error(`Unknown session: ${String(sessionId)}`), { code: -32602 });
  return session;
}

/** Kiro's ACP extension methods (`_session/…`). */
export async function handleExtMethod(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params.sessionId);
      const message = session.steer(String(params.text ?? ""), typeof params.origin === "string" ? params.origin : "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params;
      const session = requireSession(sessionId);
      const messageIds = session.clearSteering("user_clear");
      session.steeringEpoch++;
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      requireSession(params.sessionId).cancel();
      return { cancelled: true };
    }
    default:
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}
