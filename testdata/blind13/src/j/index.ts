import { logLines } from "./core/log";
import { createSession, liveSessions } from "./session";

export { createSession, logLines };

/** ACP `_session/*` extension methods. */
export async function handleExtMethod(method: string, params: { sessionId?: string; text?: string } = {}) {
  if (method === "_session/steer/clear") {
    const { sessionId } = params;
    const session = sessionId === undefined ? undefined : liveSessions.get(sessionId);
    if (!session) throw Object.assign(new Error(`unknown session ${sessionId}`), { code: -32602 });
    return session.clearSteering("client_clear");
  }
  if (method === "_session/steer") {
    const session = params.sessionId === undefined ? undefined : liveSessions.get(params.sessionId);
    if (!session) throw Object.assign(new Error(`unknown session ${params.sessionId}`), { code: -32602 });
    return { queued: true, messageId: session.steer(params.text ?? "").id };
  }
  throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
}
