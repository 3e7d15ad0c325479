import { createInterface } from "node:readline";
import { boot } from "../bootstrap.js";
import { Session } from "../session/session.js";
import type { LanguageModel, SessionUpdate } from "../types.js";
import { spans } from "../util/traced.js";

export class RpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

const sessions = new Map<string, Session>();
let clientKiroMeta: Record<string, unknown> | undefined;
let notifySink: ((update: SessionUpdate) => void) | undefined;

export function createSession(model: LanguageModel, workspaceRoot?: string): Session {
  const scope = boot().createScope();
  const session = new Session(scope, model, { workspaceRoot, clientKiroMeta, onUpdate: (u) => notifySink?.(u) });
  sessions.set(session.sessionId, session);
  return session;
}

function requireSession(sessionId: unknown): Session {
  const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
  if (!session) throw new RpcError(-32602, `unknown session ${String(sessionId)}`);
  return session;
}

/** Kiro's ACP extension methods (`_session/...`, `_kiro/...`). */
export async function handleExtMethod(method: string, params: Record<string, any> = {}): Promise<unknown> {
  switch (method) {
    case "_session/steer": {
      const session = requireSession(params.sessionId);
      const message = session.steer(String(params.text ?? ""), params.origin ?? "user");
      return { queued: true, messageId: message.id };
    }
    case "_session/steer/clear": {
      const { sessionId } = params;
      const session = requireSession(sessionId);
      const messageIds = session.clearSteering("user_clear");
      session.services.steering.epoch++;
      return { cleared: true, messageIds };
    }
    case "_session/steer/list": {
      const session = requireSession(params.sessionId);
      return { epoch: session.steeringEpoch, messageIds: session.services.steering.pendingIds() };
    }
    case "_kiro/diagnostics":
      return { sessions: sessions.size, spans: spans.slice(-50) };
    default:
      throw new RpcError(-32601, `Method not found: ${method}`);
  }
}

const offlineModel: LanguageModel = {
  invoke() {
    return { text: "No model endpoint is configured for this session.", toolCalls: [] };
  },
};

async function handleRequest(method: string, params: Record<string, any>): Promise<unknown> {
  switch (method) {
    case "initialize":
      clientKiroMeta = params.clientCapabilities?._meta?.kiro;
      return { protocolVersion: 1, agentCapabilities: { loadSession: false, _meta: { kiro: { steering: true } } } };
    case "session/new": {
      const session = createSession(offlineModel, params.cwd);
      return { sessionId: session.sessionId };
    }
    case "session/prompt": {
      const session = requireSession(params.sessionId);
      const text = (params.prompt ?? []).map((b: { text?: string }) => b.text ?? "").join("\n");
      const result = await session.prompt(text);
      return { stopReason: result.stopReason };
    }
    case "session/cancel":
      requireSession(params.sessionId).cancel();
      return null;
    default:
      if (method.startsWith("_")) return handleExtMethod(method, params);
      throw new RpcError(-32601, `Method not found: ${method}`);
  }
}

/** Line-delimited JSON-RPC over stdin/stdout. */
export function serveStdio(): void {
  const write = (msg: unknown) => process.stdout.write(JSON.stringify(msg) + "\n");
  notifySink = (update) => write({ jsonrpc: "2.0", method: "session/update", params: update });
  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    if (!line.trim()) return;
    let msg: { id?: number | string; method?: string; params?: Record<string, any> };
    try {
      msg = JSON.parse(line);
    } catch {
      write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (!msg.method) return;
    handleRequest(msg.method, msg.params ?? {}).then(
      (result) => msg.id !== undefined && write({ jsonrpc: "2.0", id: msg.id, result }),
      (err) =>
        msg.id !== undefined &&
        write({ jsonrpc: "2.0", id: msg.id, error: { code: err instanceof RpcError ? err.code : -32603, message: String(err?.message ?? err) } }),
    );
  });
}
