import { AgentSession } from "../session/agent-session";

export class ExtMethodError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

function sessionFrom(params: { sessionId?: unknown }): AgentSession {
  const session = typeof params.sessionId === "string" ? AgentSession.get(params.sessionId) : undefined;
  if (!session) throw new ExtMethodError(-32602, "unknown sessionId");
  return session;
}

export async function handleExtMethod(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const entry = sessionFrom(params).steer(String(params.message ?? params.text ?? ""), params.origin as string | undefined);
      return { queued: true, messageId: entry.id };
    }
    case "_session/steer/clear": {
      const session = sessionFrom(params);
      const reply = session.clearSteering("user_clear");
      session.sessionServices.liveSteering.epoch++;
      return reply;
    }
    default:
      throw new ExtMethodError(-32601, `unknown extension method ${method}`);
  }
}
