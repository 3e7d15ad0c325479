// src/acp/ext.ts
import { logLines } from "../core/log.js";
import type { AgentSession } from "../session/agent-session.js";

export const liveSessions = new Map<string, AgentSession>();

export class ExtMethodError extends Error {
  code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

function lookup(sessionId: unknown): AgentSession {
  let session = typeof sessionId === "string" ? liveSessions.get(sessionId) : undefined;
  if (!session) throw new ExtMethodError(-32602, `no session ${String(sessionId)}`);
  return session;
}

const handlers: Record<string, (params: any) => Promise<unknown> | unknown> = {
  "_session/steer": (params) => {
    let entry = lookup(params?.sessionId).steer(String(params?.text ?? ""), params?.origin ?? "user");
    return { queued: true, messageId: entry.id };
  },
  "_session/steer/clear": (params) => {
    let session = lookup(params?.sessionId);
    let messageIds = session.clearSteering("user_clear");
    session.steeringEpoch += 1;
    return { cleared: true, messageIds };
  },
  "_session/tree": (params) => ({ epoch: lookup(params?.sessionId).steeringEpoch, executions: lookup(params?.sessionId).tree() }),
  "_session/memories": (params) => ({ memories: lookup(params?.sessionId).memories() }),
  "_kiro/logs": (params) => ({ lines: logLines.slice(-Math.min(5000, Number(params?.limit ?? 200))) }),
  "_kiro/mcp/selftest": async (params) => ({ echoed: await lookup(params?.sessionId).services.mcp.selfTest() }),
};

export async function handleExtMethod(method: string, params?: unknown): Promise<unknown> {
  let handler = handlers[method];
  if (!handler) throw new ExtMethodError(-32601, `method not found: ${method}`);
  return handler(params);
}
