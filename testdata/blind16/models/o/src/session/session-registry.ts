import type { KasSession } from "./kas-session";

const sessions = new Map<string, KasSession>();

export const sessionRegistry = {
  add(session: KasSession): void {
    sessions.set(session.sessionId, session);
  },
  get(sessionId: string): KasSession | undefined {
    return sessions.get(sessionId);
  },
  remove(sessionId: string): boolean {
    return sessions.delete(sessionId);
  },
};
