import { Logger } from "../common/logging";
import type { KiroSession } from "../session/kiro-session";

const log = new Logger("acp");
const sessions = new Map<string, KiroSession>();

export function registerSession(session: KiroSession): void {
  sessions.set(session.sessionId, session);
}

export function forgetSession(sessionId: string): boolean {
  return sessions.delete(sessionId);
}

class AcpMethodError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function sessionFor(params: Record<string, unknown> | undefined): KiroSession {
  const sessionId = params?.sessionId;
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (session === undefined) throw new AcpMethodError(-32602, `unknown session: ${String(sessionId)}`);
  return session;
}

/** Kiro's ACP extension methods (`_session/...`). */
export async function handleExtMethod(method: string, params?: Record<string, unknown>): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const message = sessionFor(params).steer(String(params?.text ?? ""));
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear":
      return sessionFor(params).clearSteering("client_request");
    case "_session/cancel":
      sessionFor(params).cancel();
      return { cancelled: true };
    default:
      log.warn(`unhandled extension method ${method}`);
      throw new AcpMethodError(-32601, `Method not found: ${method}`);
  }
}
