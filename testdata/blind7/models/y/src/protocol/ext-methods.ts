// src/protocol/ext-methods.ts: `_session/...` extension methods of the ACP server.
import { ClearReason } from "../steering/kinds.js";
import type { KiroSession } from "../session/kiro-session.js";

export const liveSessions = new Map<string, KiroSession>();

type ExtHandler = (params: Record<string, unknown>) => Promise<unknown> | unknown;

function sessionOf(params: Record<string, unknown>): KiroSession {
  let session = liveSessions.get(String(params.sessionId));
  if (session == null) throw Object.assign(new Error(`Session not found: ${String(params.sessionId)}`), { code: -32002 });
  return session;
}

const extHandlers = new Map<string, ExtHandler>([
  [
    "_session/steer",
    (params) => {
      let entry = sessionOf(params).steer(String(params.text ?? ""), "user");
      return { queued: true, messageId: entry.id };
    },
  ],
  [
    "_session/steer/clear",
    (params) => {
      let { sessionId } = params;
      let session = sessionOf({ sessionId });
      let messageIds = session.clearSteering(ClearReason.UserClear);
      session.services.steering.bumpEpoch();
      return { cleared: true, messageIds };
    },
  ],
  [
    "_session/cancel",
    (params) => {
      sessionOf(params).cancel();
      return { cancelled: true };
    },
  ],
]);

export async function handleExtMethod(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  let handler = extHandlers.get(method);
  if (handler == null) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(params);
}
