// src/server.ts
import { homedir } from "node:os";
import { join } from "node:path";
import { configureLogging, createLogger, logLines } from "./core/log.js";
import { defaultSettings, loadSettings, type Settings } from "./core/config.js";
import { McpHub } from "./mcp/client.js";
import { handleExtMethod, liveSessions } from "./acp/ext.js";
import { StdioPeer } from "./acp/stdio.js";
import { AgentSession } from "./session/agent-session.js";
import { adaptModel, endpointModel } from "./session/model.js";
import { MemoryBank } from "./runtime/memory.js";
import type { ToolDef } from "./runtime/tools/catalog.js";
import {
  fetchUrlTool,
  listDirTool,
  notifyTool,
  planTool,
  readFileTool,
  runCommandTool,
  searchTextTool,
  userSteerTool,
  writeFileTool,
} from "./runtime/tools/builtins.js";
import { invokeSubAgentTool } from "./runtime/tools/subagent.js";

export { handleExtMethod, logLines };

export const VERSION = "0.54.8";

const bank = new MemoryBank();

function builtinTools(mcp?: McpHub): ToolDef[] {
  let tools: ToolDef[] = [
    readFileTool,
    writeFileTool,
    listDirTool,
    searchTextTool,
    runCommandTool,
    fetchUrlTool,
    planTool,
    userSteerTool,
    notifyTool,
    invokeSubAgentTool,
  ];
  for (let t of mcp?.tools() ?? []) {
    tools.push({
      name: `mcp__${t.server}__${t.name}`,
      description: t.description,
      input: { safeParse: (v: unknown) => ({ success: true, data: v }) } as any,
      run: async (input, env) => {
        let r = await env.services.mcp.call(t.server, t.name, input as Record<string, unknown>);
        return { ok: r.ok, output: r.text };
      },
    });
  }
  return tools;
}

/** A session driven by any `{ invoke(execution, context) }` model, with default settings. */
export function createSession(model: { invoke(execution: any, context: any[]): any }, opts?: { cwd?: string; settings?: Settings }): AgentSession {
  let settings = opts?.settings ?? loadSettings({ cwd: opts?.cwd ?? process.cwd(), env: {}, readFiles: false });
  let session = new AgentSession({
    model: adaptModel(model),
    settings,
    cwd: opts?.cwd ?? process.cwd(),
    tools: builtinTools(),
    memory: bank,
  });
  liveSessions.set(session.sessionId, session);
  return session;
}

function flag(argv: string[], name: string): string | undefined {
  let prefix = `--${name}=`;
  let hit = argv.find((a) => a.startsWith(prefix));
  return hit?.slice(prefix.length);
}

async function serveStdio(argv: string[]): Promise<void> {
  let settings = loadSettings({ cwd: process.cwd(), env: process.env, readFiles: true });
  configureLogging({ level: settings.logLevel, file: join(homedir(), ".kiro", "logs", `${Date.now()}`, "kiro.log") });
  let log = createLogger("server");
  let endpoint = flag(argv, "endpoint") ?? "https://localhost.invalid";
  let auth = flag(argv, "auth") ?? "none";
  let token: string | undefined;
  let mcp = new McpHub();
  await mcp.start(settings.mcpServers);
  let peer = new StdioPeer(process.stdout);
  let kiroMeta: Record<string, unknown> | undefined;
  log.info(`acp-server ${VERSION} (transport=stdio, auth=${auth})`);
  await peer.serve(process.stdin, async (method, params, p) => {
    if (method === "initialize") {
      kiroMeta = params?.clientCapabilities?._meta?.kiro;
      return {
        protocolVersion: 1,
        agentCapabilities: { loadSession: false, promptCapabilities: { embeddedContext: true } },
        authMethods: auth === "acp-callback" ? [{ id: "acp-callback", name: "Kiro account" }] : [],
        _meta: { kiro: { version: VERSION, liveSteering: settings.steering.enabled, client: kiroMeta ?? null } },
      };
    }
    if (method === "authenticate") {
      token = (await p.call("_kiro/auth/token", {}).catch(() => undefined))?.token;
      return {};
    }
    if (method === "session/new") {
      let session = new AgentSession({
        model: endpointModel(endpoint, () => token),
        settings,
        cwd: params?.cwd ?? process.cwd(),
        tools: builtinTools(mcp),
        memory: bank,
        mcp,
      });
      liveSessions.set(session.sessionId, session);
      void (async () => {
        for await (let u of session.services.events.stream()) p.notify("session/update", u);
      })();
      return { sessionId: session.sessionId };
    }
    if (method === "session/prompt") {
      let session = liveSessions.get(params?.sessionId);
      if (!session) throw Object.assign(new Error("unknown session"), { code: -32602 });
      let text = (params?.prompt ?? []).filter((b: any) => b?.type === "text").map((b: any) => b.text).join("\n");
      return session.prompt(text);
    }
    if (method === "session/cancel") {
      liveSessions.get(params?.sessionId)?.cancel();
      return null;
    }
    if (method.startsWith("_")) return handleExtMethod(method, params);
    throw Object.assign(new Error(`method not found: ${method}`), { code: -32601 });
  });
  mcp.stop();
}

export const defaults = defaultSettings;

let argv = process.argv.slice(2);
if (flag(argv, "transport") === "stdio") {
  serveStdio(argv).catch((err) => {
    process.stderr.write(`acp-server: ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  });
}
