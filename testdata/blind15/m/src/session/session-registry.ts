import type { KasSession } from "./session";

const sessions = new Map<string, KasSession>();

export function registerSession(session: KasSession): KasSession {
  sessions.set(session.sessionId, session);
  return session;
}

export function lookupSession(sessionId: unknown): KasSession {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (!session) throw Object.assign(new Error(`unknown session ${String(sessionId)}`), { code: -32602 });
  return session;
}

export function closeSession(sessionId: string): boolean {
  return sessions.delete(sessionId);
}
