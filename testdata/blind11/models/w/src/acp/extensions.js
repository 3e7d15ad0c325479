import { logger } from "../lib/log.js";
import { clearSessionSteering } from "../session/acp-session.js";

/** @type {Map<string, import("../session/acp-session.js").AcpSession>} */
const liveSessions = new Map();

/** @param {import("../session/acp-session.js").AcpSession} session */
export function trackSession(session) {
  liveSessions.set(session.sessionId, session);
  return () => liveSessions.delete(session.sessionId);
}

function rpcError(code, message) {
  return Object.assign(new Error(message), { code });
}

function sessionOf(params) {
  const session = liveSessions.get(params?.sessionId);
  if (!session) throw rpcError(-32602, `Session not found: ${params?.sessionId}`);
  return session;
}

const handlers = {
  "_session/steer": (params) => {
    const entry = sessionOf(params).steer(String(params.text ?? ""));
    return { queued: true, messageId: entry.id };
  },
  "_session/steer/clear": ({ sessionId }) => clearSessionSteering(sessionOf({ sessionId }), "client_clear"),
};

/**
 * ACP extension methods.
 * @param {string} method
 * @param {Record<string, unknown>} params
 */
export async function handleExtMethod(method, params) {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler) {
    logger.warn(`extension method not handled: ${method}`);
    throw rpcError(-32601, `Method not found: ${method}`);
  }
  return handler(params ?? {});
}
