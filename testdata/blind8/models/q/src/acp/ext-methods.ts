// Kiro's `_session/*` extension methods.
import { log } from "../infra/log.js";
import { tracer } from "../infra/telemetry.js";
import type { Session } from "../session/session.js";

export interface ExtRequest {
  method: string;
  params?: { sessionId?: unknown; text?: unknown; [key: string]: unknown };
}

export class ExtMethodFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export type SessionDirectory = ReadonlyMap<string, Session>;

function sessionFor(directory: SessionDirectory, params: ExtRequest["params"]): Session {
  const id = params?.sessionId;
  const session = typeof id === "string" ? directory.get(id) : undefined;
  if (!session) throw new ExtMethodFailure(-32602, `no such session: ${String(id)}`);
  return session;
}

export async function serveExtMethod(directory: SessionDirectory, request: ExtRequest): Promise<unknown> {
  switch (request.method) {
    case "_session/steer/clear": {
      const session = sessionFor(directory, request.params);
      const messageIds = session.clearAtTurnBoundary("user_clear");
      session.bumpSteeringEpoch();
      return { cleared: true, messageIds };
    }
    case "_session/steer": {
      const session = sessionFor(directory, request.params);
      const text = request.params?.text;
      if (typeof text !== "string" || text.length === 0) throw new ExtMethodFailure(-32602, "text must be a non-empty string");
      const entry = session.steer(text);
      return { messageId: entry.id, epoch: session.steeringEpoch };
    }
    case "_kiro/diagnostics/spans":
      return { spans: tracer.summary() };
    default:
      log.warn(`[ACP] unsupported extension method ${request.method}`);
      throw new ExtMethodFailure(-32601, `unsupported method ${request.method}`);
  }
}
