// ACP entry point of the Kiro agent server (stdio transport). Exposes the session
// factory and the extension-method dispatcher used by the kiro-cli client.

import { KasSession } from "../session/session";
import type { ModelClient } from "../graph/types";
import { backgroundScheduler } from "../ops/scheduler";
import { metrics } from "../ops/metrics";
import { logLines, createLogger } from "../util/log";

const acpLog = createLogger("[AcpServer]");

const sessions = new Map<string, KasSession>();

export interface ExtMethodParams {
  sessionId?: unknown;
  [key: string]: unknown;
}

export function createSession(model: ModelClient): KasSession {
  const session = new KasSession(model);
  sessions.set(session.sessionId, session);
  return session;
}

function lookup(params: ExtMethodParams): KasSession {
  const id = typeof params.sessionId === "string" ? params.sessionId : "";
  const session = sessions.get(id);
  if (!session) throw Object.assign(new Error(`unknown session ${id}`), { code: -32602 });
  return session;
}

export async function handleExtMethod(method: string, params: ExtMethodParams = {}): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const session = lookup(params);
      const message = session.steer(String(params.text ?? ""), params.origin === "workflow" ? "workflow" : "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const session = lookup(params);
      const { messageIds } = session.endTurn("user_clear");
      session.steeringEpoch++;
      return { cleared: true, messageIds };
    }
    case "_session/cancel": {
      lookup(params).cancel();
      return { cancelled: true };
    }
    case "_kas/metrics":
      return metrics.snapshot();
    case "_kas/scheduler":
      return backgroundScheduler()
        .pending()
        .map((t) => ({ id: t.id, name: t.name, dueAt: t.dueAt, runs: t.runs }));
    default:
      acpLog.warn(`unhandled extension method ${method}`);
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}

export function closeSession(sessionId: string): boolean {
  return sessions.delete(sessionId);
}

export { logLines };
