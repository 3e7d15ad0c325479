import { createInterface } from "node:readline";
import { createSession, type SessionHandle } from "./sessions.js";
import { ExtError, handleExtMethod } from "./ext.js";
import type { ModelPort } from "../types.js";

interface Incoming {
  jsonrpc: "2.0";
  id?: string | number;
  method?: string;
  params?: Record<string, any>;
}

const unconfiguredModel: ModelPort = {
  invoke: () => ({ text: "This agent server has no model endpoint configured.", toolCalls: [] }),
};

/** ACP over stdio: newline-delimited JSON-RPC 2.0. */
export function startStdioTransport(argv: string[]): void {
  const endpoint = argv.find((a) => a.startsWith("--endpoint="))?.slice("--endpoint=".length);
  const handles = new Map<string, SessionHandle>();
  let kiroMeta: Record<string, unknown> | undefined;
  const send = (payload: object) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...payload }) + "\n");
  const sink = (sessionId: string, update: Record<string, unknown>) => send({ method: "session/update", params: { sessionId, update } });

  const methods: Record<string, (p: Record<string, any>) => unknown> = {
    initialize: (p) => {
      kiroMeta = p.clientCapabilities?._meta?.kiro;
      return { protocolVersion: 1, agentCapabilities: { _meta: { kiro: { steering: true, endpoint: endpoint ?? null } } } };
    },
    "session/new": (p) => {
      const handle = createSession(unconfiguredModel, { cwd: p.cwd, kiro: kiroMeta, titles: true, sink });
      handles.set(handle.sessionId, handle);
      return { sessionId: handle.sessionId };
    },
    "session/prompt": async (p) => {
      const handle = handles.get(p.sessionId);
      if (!handle) throw new ExtError(-32602, "session not found");
      const text = Array.isArray(p.prompt) ? p.prompt.map((b: { text?: string }) => b.text ?? "").join("\n") : String(p.prompt ?? "");
      return { stopReason: (await handle.prompt(text)).stopReason };
    },
    "session/cancel": (p) => {
      handles.get(p.sessionId)?.cancel();
      return null;
    },
  };

  createInterface({ input: process.stdin }).on("line", async (line) => {
    let msg: Incoming;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    if (!msg.method) return;
    try {
      const fn = methods[msg.method];
      const result = fn ? await fn(msg.params ?? {}) : await handleExtMethod(msg.method, msg.params ?? {});
      if (msg.id !== undefined) send({ id: msg.id, result });
    } catch (err) {
      if (msg.id !== undefined) send({ id: msg.id, error: { code: err instanceof ExtError ? err.code : -32603, message: String((err as Error)?.message ?? err) } });
    }
  });
}
