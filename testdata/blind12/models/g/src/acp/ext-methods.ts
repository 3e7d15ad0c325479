import type { KasSession } from "../session/kas-session";

export interface ExtContext {
  sessions: Map<string, KasSession>;
}

type ExtHandler = (ctx: ExtContext, params: Record<string, unknown>) => Promise<unknown>;

function requireSession(ctx: ExtContext, params: Record<string, unknown>): KasSession {
  const sessionId = String(params.sessionId ?? "");
  const session = ctx.sessions.get(sessionId);
  if (!session) throw Object.assign(new Error(`unknown session ${sessionId}`), { code: -32602 });
  return session;
}

export const EXT_METHODS: Record<string, ExtHandler> = {
  "_session/steer/clear": async (ctx, params) => {
    const session = requireSession(ctx, params);
    const { messageIds } = session.endTurnBoundary("user_clear");
    session.sessionServices.steeringBuffer.journal.epoch += 1;
    return { cleared: true, messageIds };
  },
  "_session/steer": async (ctx, params) => {
    const session = requireSession(ctx, params);
    const message = session.steer(String(params.text ?? ""));
    return { queued: true, messageId: message.id };
  },
};
