import { Session } from "./session";
import type { LanguageModel } from "./core/services";
export { logLines } from "./core/logger";

const sessions = new Map<string, Session>();

export function createSession(model: LanguageModel): Session {
  const session = new Session(model);
  sessions.set(session.sessionId, session);
  return session;
}

export async function handleExtMethod(method: string, params: { sessionId?: string } = {}): Promise<unknown> {
  switch (method) {
    case "_session/steer/clear": {
      const session = params.sessionId ? sessions.get(params.sessionId) : undefined;
      if (!session) throw new Error(`unknown session ${params.sessionId}`);
      const messageIds = session.clearSteering("user_clear");
      session.steeringEpoch++;
      return { cleared: true, messageIds };
    }
    default:
      throw new Error(`method not found: ${method}`);
  }
}
