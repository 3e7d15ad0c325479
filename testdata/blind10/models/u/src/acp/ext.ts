import { sessionStore } from "../session/store";

type ExtHandler = (params: Record<string, unknown>) => Promise<Record<string, unknown>>;

export class AcpRequestError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = "AcpRequestError";
  }
}

function sessionFor(params: Record<string, unknown>) {
  const { sessionId } = params;
  const session = typeof sessionId === "string" ? sessionStore.get(sessionId) : undefined;
  if (session === undefined) throw new AcpRequestError(-32602, "Session not found", { sessionId });
  return session;
}

const EXT_METHODS: Readonly<Record<string, ExtHandler>> = {
  "_session/steer/clear": async (params) => {
    const session = sessionFor(params);
    const { messageIds } = session.turnBoundary.clearSteering("client_request", { bumpEpoch: true });
    return { cleared: true, messageIds };
  },
  "_session/steer/list": async (params) => {
    const steering = sessionFor(params).services.steering;
    return {
      epoch: steering.journal.epoch,
      messages: steering.journal.entries.map(({ id, kind, text }) => ({ id, kind, text })),
    };
  },
};

/** Entry point for ACP `_`-prefixed extension requests. */
export async function handleExtMethod(method: string, params?: unknown): Promise<Record<string, unknown>> {
  const handler = Object.prototype.hasOwnProperty.call(EXT_METHODS, method) ? EXT_METHODS[method] : undefined;
  if (handler === undefined) throw new AcpRequestError(-32601, `Method not found: ${method}`);
  return handler((params ?? {}) as Record<string, unknown>);
}
