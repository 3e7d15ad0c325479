import type { KiroSession } from "../session/kiro-session.js";

export const liveSessions = new Map<string, KiroSession>();

type ExtParams = { sessionId?: string; text?: string; origin?: string };

function sessionFor(sessionId: string | undefined): KiroSession {
  const session = sessionId ? liveSessions.get(sessionId) : undefined;
  if (session === undefined) throw new Error(`no such session: ${sessionId}`);
  return session;
}

const extensionMethods: Record<string, (params: ExtParams) => unknown> = {
  "_session/steer": ({ sessionId, text, origin }) => {
    const entry = sessionFor(sessionId).steer(text ?? "", origin ?? "user");
    return { messageId: entry.id };
  },
  "_session/steer/clear": ({ sessionId }) => {
    const session = sessionFor(sessionId);
    const messageIds = session.clearSteering("user_clear");
    session.services.inbox.epoch += 1;
    return { cleared: true, messageIds };
  },
};

export async function handleExtMethod(method: string, params?: ExtParams): Promise<unknown> {
  const handler = Object.hasOwn(extensionMethods, method) ? extensionMethods[method] : undefined;
  if (!handler) {
    const error = new Error(`Method not found: ${method}`) as Error & { code?: number };
    error.code = -32601;
    throw error;
  }
  return handler(params ?? {});
}
