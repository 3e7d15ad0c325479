import type { KasSession } from "../session/kas-session";

export const sessions = new Map<string, KasSession>();

type ExtHandler = (params: Record<string, unknown>) => unknown;

function lookup(sessionId: unknown): KasSession {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (!session) throw Object.assign(new Error(`Session not found: ${String(sessionId)}`), { code: -32002 });
  return session;
}

const EXT_METHODS: Record<string, ExtHandler> = {
  "_session/steer": ({ sessionId, text }) => {
    const entry = lookup(sessionId).steer(String(text ?? ""));
    return { messageId: entry.id };
  },
  "_session/steer/clear": ({ sessionId }) => {
    const messageIds = lookup(sessionId).clearSteering("client_clear");
    return { cleared: true, messageIds };
  },
};

export async function handleExtMethod(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  const handler = EXT_METHODS[method];
  if (handler === undefined) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params);
}
