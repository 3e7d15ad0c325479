// src/acp/ext-methods.ts
import { logLines } from "../logging/logger.js";
import { RpcError, RpcErrorCode } from "./protocol.js";
import type { Session } from "../session/session.js";

export const sessions = new Map<string, Session>();

function sessionFor(params: { sessionId?: string } | undefined): Session {
  const sessionId = params?.sessionId;
  const session = sessionId ? sessions.get(sessionId) : undefined;
  if (!session) throw new RpcError(RpcErrorCode.InvalidParams, `unknown session ${String(sessionId)}`);
  return session;
}

/** Kiro's ACP extension methods (`_`-prefixed). */
export async function handleExtMethod(method: string, params: any): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const session = sessionFor(params);
      const message = session.steer(String(params.text ?? params.message ?? ""), params.origin ?? "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params ?? {};
      const session = sessionFor({ sessionId });
      const messageIds = session.clearSteering("user_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    }
    case "_session/steer/list": {
      const session = sessionFor(params);
      return {
        epoch: session.steeringEpoch,
        messages: session.services.steeringBuffer.messages.map((m) => ({ id: m.id, kind: m.kind, handlers: m.handlers.size })),
      };
    }
    case "_kiro/logs": {
      const n = Math.min(Number(params?.limit ?? 200), 5000);
      return { lines: logLines.slice(-n) };
    }
    default:
      throw new RpcError(RpcErrorCode.MethodNotFound, `unknown extension method ${method}`);
  }
}
