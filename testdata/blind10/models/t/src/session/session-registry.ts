import type { AgentSession } from "./agent-session";

const sessions = new Map<string, AgentSession>();

export const sessionRegistry = {
  add(session: AgentSession): void {
    sessions.set(session.sessionId, session);
  },
  get(sessionId: string): AgentSession | undefined {
    return sessions.get(sessionId);
  },
  remove(sessionId: string): boolean {
    return sessions.delete(sessionId);
  },
  size(): number {
    return sessions.size;
  },
};
