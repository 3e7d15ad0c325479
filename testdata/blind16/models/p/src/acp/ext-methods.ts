import type { KasSession } from "../runtime/session";

const sessionsById = new Map<string, KasSession>();

export function registerSession(session: KasSession): void {
  sessionsById.set(session.sessionId, session);
}

function lookup(sessionId: unknown): KasSession {
  const session = typeof sessionId === "string" ? sessionsById.get(sessionId) : undefined;
  if (!session) throw Object.assign(new Error(`session not found: ${String(sessionId)}`), { code: -32602 });
  return session;
}

export async function handleExtMethod(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  if (method === "_session/steer/clear") {
    return lookup(params.sessionId).clearSteering("user_clear");
  }
  if (method === "_session/steer") {
    const message = lookup(params.sessionId).steer(String(params.text ?? ""));
    return { messageId: message.id };
  }
  throw Object.assign(new Error(`unknown extension method ${method}`), { code: -32601 });
}
