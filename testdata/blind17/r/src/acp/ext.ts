import { settleTurnBoundary } from "../session/boundary.js";
import { memoriesFor } from "../features/memory.js";
import { runtimes } from "./sessions.js";

export class ExtError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

type Params = Record<string, any>;
type ExtHandler = (params: Params) => unknown;

function runtimeFor(sessionId: unknown) {
  const runtime = runtimes.get(String(sessionId));
  if (!runtime) throw new ExtError(-32602, "session not found: " + String(sessionId));
  return runtime;
}

const handlers: Record<string, ExtHandler> = {
  "_session/steer": (params) => {
    const entry = runtimeFor(params.sessionId).enqueueSteering(String(params.text ?? params.message ?? ""), params.origin);
    return { queued: true, messageId: entry.id };
  },
  "_session/steer/clear": ({ sessionId }) => {
    const runtime = runtimeFor(sessionId);
    const messageIds = settleTurnBoundary(runtime, "user_clear");
    runtime.bumpSteeringEpoch();
    return { cleared: true, messageIds };
  },
  "_session/memories": (params) => ({ memories: memoriesFor(runtimeFor(params.sessionId).sessionId) }),
  "_kiro/health": () => ({ ok: true, sessions: runtimes.size }),
};

/** Kiro's ACP extension methods. */
export async function handleExtMethod(method: string, params: Params = {}): Promise<unknown> {
  const handler = handlers[method];
  if (!handler) throw new ExtError(-32601, "unknown extension method " + method);
  return handler(params);
}
