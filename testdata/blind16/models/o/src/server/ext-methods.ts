import { sessionRegistry } from "../session/session-registry";

export class ExtMethodError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function requireSession(params: unknown) {
  const sessionId = (params as { sessionId?: unknown } | undefined)?.sessionId;
  if (typeof sessionId !== "string") throw new ExtMethodError(-32602, "sessionId is required");
  const session = sessionRegistry.get(sessionId);
  if (!session) throw new ExtMethodError(-32602, `Unknown session: ${sessionId}`);
  return session;
}

/** Kiro's ACP extension methods (`_session/...`). */
export async function handleExtMethod(method: string, params: unknown): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params);
      const text = String((params as { text?: unknown }).text ?? "");
      const message = session.steer(text);
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear":
      return requireSession(params).clearSteering("user_clear");
    case "_session/cancel":
      requireSession(params).cancel();
      return { cancelled: true };
    default:
      throw new ExtMethodError(-32601, `Method not found: ${method}`);
  }
}
