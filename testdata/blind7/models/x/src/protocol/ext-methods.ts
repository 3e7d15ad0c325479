// src/protocol/ext-methods.ts: Kiro's ACP extension methods.
import type { AcpSession } from "../session/acp-session";

export const sessions = new Map<string, AcpSession>();

export class JsonRpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

function requireSession(params: unknown): AcpSession {
  const sessionId = (params as { sessionId?: unknown } | undefined)?.sessionId;
  if (typeof sessionId !== "string") throw new JsonRpcError(-32602, "sessionId is required");
  const session = sessions.get(sessionId);
  if (!session) throw new JsonRpcError(-32602, `unknown session ${sessionId}`);
  return session;
}

export async function handleExtMethod(method: string, params: unknown): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params);
      const { text } = params as { text: string };
      const queued = session.steer(text, "user");
      return { queued: true, messageId: queued.id };
    }
    case "_session/steer/clear": {
      const session = requireSession(params);
      const messageIds = session.clearSteering("user_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      requireSession(params).cancel();
      return { cancelled: true };
    }
    default:
      throw new JsonRpcError(-32601, `Method not found: ${method}`);
  }
}
