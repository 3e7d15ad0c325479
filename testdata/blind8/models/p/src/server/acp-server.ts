// KAS entry point: the ACP server over stdio, and the embedding API used by tests and tools.
import { createInterface } from "node:readline";
import { KasSession } from "../session/session.js";
import type { ModelProvider } from "../agent/model.js";
import { MemoryStore } from "../memory/memory-extraction-hook.js";
import { dispatchExtMethod, ExtMethodError, type ExtMethodTable } from "./ext-methods.js";
import { logger, logLines } from "../util/logger.js";

export { logLines };

interface ServerOptions {
  transport: "stdio" | "none";
  auth: string;
  endpoint?: string;
}

function parseArgs(argv: string[]): ServerOptions {
  const options: ServerOptions = { transport: "none", auth: "none" };
  for (const arg of argv) {
    const [key, value] = arg.startsWith("--") ? arg.slice(2).split("=", 2) : [arg, ""];
    if (key === "transport" && value === "stdio") options.transport = "stdio";
    else if (key === "auth" && value) options.auth = value;
    else if (key === "endpoint" && value) options.endpoint = value;
  }
  return options;
}

class AcpServer implements ExtMethodTable {
  private sessions: Map<string, KasSession>;
  readonly memory: MemoryStore;

  constructor() {
    this.sessions = new Map();
    this.memory = new MemoryStore();
  }

  open(model: ModelProvider): KasSession {
    const session = new KasSession({ model, memory: this.memory });
    this.sessions.set(session.sessionId, session);
    logger.info(`[AcpServer] session ${session.sessionId} opened`);
    return session;
  }

  lookup(sessionId: string): KasSession | undefined {
    return this.sessions.get(sessionId);
  }

  close(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    session.cancel();
    return this.sessions.delete(sessionId);
  }

  async serveStdio(options: ServerOptions, model: ModelProvider): Promise<void> {
    const write = (payload: unknown) => process.stdout.write(`${JSON.stringify(payload)}\n`);
    const lines = createInterface({ input: process.stdin });
    logger.info(`[AcpServer] listening on stdio (auth=${options.auth}${options.endpoint ? `, endpoint=${options.endpoint}` : ""})`);
    for await (const line of lines) {
      if (!line.trim()) continue;
      let request: { id?: number | string; method?: string; params?: Record<string, unknown> };
      try {
        request = JSON.parse(line);
      } catch {
        write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } });
        continue;
      }
      const { id, method = "", params = {} } = request;
      try {
        let result: unknown;
        if (method === "initialize") {
          result = { protocolVersion: 1, agentCapabilities: { loadSession: false, _meta: { kiro: { steering: true } } } };
        } else if (method === "session/new") {
          const session = this.open(model);
          session.services.updates.subscribe(write);
          result = { sessionId: session.sessionId };
        } else if (method === "session/prompt") {
          const session = this.lookup(String(params.sessionId));
          if (!session) throw new ExtMethodError(-32004, "unknown session");
          const text = Array.isArray(params.prompt) ? params.prompt.map((p: { text?: string }) => p.text ?? "").join("\n") : "";
          await session.prompt(text);
          result = { stopReason: "end_turn" };
        } else if (method === "session/cancel") {
          this.lookup(String(params.sessionId))?.cancel();
          result = null;
        } else {
          result = await dispatchExtMethod(method, params, this);
        }
        if (id !== undefined) write({ jsonrpc: "2.0", id, result });
      } catch (error) {
        const code = error instanceof ExtMethodError ? error.code : -32603;
        if (id !== undefined) write({ jsonrpc: "2.0", id, error: { code, message: (error as Error).message } });
      }
    }
  }
}

const server = new AcpServer();

/** Opens a session bound to `model` (a provider with `invoke(execution, context)`). */
export function createSession(model: ModelProvider): KasSession {
  return server.open(model);
}

/** Serves one Kiro extension method (`_session/steer/clear`, …) for the in-process server. */
export function handleExtMethod(method: string, params: Record<string, unknown>): Promise<unknown> {
  return dispatchExtMethod(method, params, server);
}

const cli = parseArgs(process.argv.slice(2));
if (cli.transport === "stdio") {
  const unavailable: ModelProvider = {
    async invoke() {
      throw new Error("no model provider is configured for this process");
    },
  };
  server.serveStdio(cli, unavailable).catch((error) => {
    logger.error("[AcpServer] stdio transport failed", error);
    process.exitCode = 1;
  });
}
