// Kiro extension methods (`_session/...`) served next to the standard ACP methods.
import type { KasSession } from "../session/session.js";
import { logger } from "../util/logger.js";

export interface ExtMethodTable {
  lookup(sessionId: string): KasSession | undefined;
}

export class ExtMethodError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "ExtMethodError";
  }
}

type ExtHandler = (params: Record<string, unknown>, table: ExtMethodTable) => unknown | Promise<unknown>;

function requireSession(params: Record<string, unknown>, table: ExtMethodTable): KasSession {
  const sessionId = params.sessionId;
  if (typeof sessionId !== "string") throw new ExtMethodError(-32602, "sessionId is required");
  const session = table.lookup(sessionId);
  if (!session) throw new ExtMethodError(-32004, `unknown session ${sessionId}`);
  return session;
}

const handlers: Record<string, ExtHandler> = {
  "_session/steer": (params, table) => {
    const session = requireSession(params, table);
    const text = typeof params.text === "string" ? params.text : "";
    if (!text.trim()) throw new ExtMethodError(-32602, "text is required");
    const message = session.steer(text, "user");
    return { queued: true, messageId: message.id };
  },
  "_session/steer/clear": (params, table) => {
    const session = requireSession(params, table);
    const { messageIds } = session.closeSteeringWindow("user_clear");
    session.bumpSteeringEpoch();
    return { cleared: true, messageIds };
  },
  "_session/executions": (params, table) => {
    const session = requireSession(params, table);
    return { executions: session.services.registry.snapshot() };
  },
  "_session/usage": (params, table) => {
    const session = requireSession(params, table);
    return { modelCalls: Object.fromEntries(session.usage.callsByAgent) };
  },
};

export async function dispatchExtMethod(
  method: string,
  params: Record<string, unknown>,
  table: ExtMethodTable,
): Promise<unknown> {
  const handler = handlers[method];
  if (!handler) {
    logger.warn(`[Ext] unknown extension method ${method}`);
    throw new ExtMethodError(-32601, `method not found: ${method}`);
  }
  return handler(params ?? {}, table);
}
