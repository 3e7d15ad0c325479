import { snapshotCounters } from "../telemetry/metrics";
import { sessionRegistry } from "../session/session-registry";
import { clearSteeringAtTurnBoundary } from "../session/turn-boundary";

export class ExtMethodError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

function requireSession(params: unknown) {
  const sessionId = (params as { sessionId?: unknown } | undefined)?.sessionId;
  if (typeof sessionId !== "string") throw new ExtMethodError(INVALID_PARAMS, "sessionId is required");
  const session = sessionRegistry.get(sessionId);
  if (session === undefined) throw new ExtMethodError(INVALID_PARAMS, `unknown session ${sessionId}`);
  return session;
}

/** ACP extension methods (`_`-prefixed) sent by Kiro clients. */
export async function handleExtMethod(method: string, params: unknown): Promise<Record<string, unknown>> {
  switch (method) {
    case "_session/steer/clear": {
      const session = requireSession(params);
      const { messageIds } = clearSteeringAtTurnBoundary(session, "client_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    }
    case "_session/steer": {
      const session = requireSession(params);
      const text = (params as { text?: unknown }).text;
      if (typeof text !== "string" || text.trim() === "") throw new ExtMethodError(INVALID_PARAMS, "text is required");
      const message = session.steer(text, "user");
      return { queued: true, messageId: message.id, epoch: session.steeringEpoch };
    }
    case "_kiro/metrics":
      return { counters: snapshotCounters() };
    default:
      throw new ExtMethodError(METHOD_NOT_FOUND, `unknown ext method ${method}`);
  }
}
