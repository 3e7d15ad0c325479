// src/acp-server.ts
import { homedir } from "node:os";
import { join } from "node:path";
import { DelegatingModelClient, EndpointModelClient } from "./agent/model-client.js";
import { NdjsonConnection } from "./acp/connection.js";
import { handleExtMethod, sessions } from "./acp/ext-methods.js";
import { PROTOCOL_VERSION, RpcError, RpcErrorCode, type InitializeParams } from "./acp/protocol.js";
import { FileSink, Logger, LogLevel, logLines } from "./logging/logger.js";
import { MemoryStore } from "./memory/memory-extractor.js";
import { Session } from "./session/session.js";
import { TranscriptStore } from "./session/transcript-store.js";
import { OtlpHttpExporter, RingBufferExporter, tracer } from "./telemetry/tracer.js";
import { createBuiltinRegistry } from "./tools/builtin/index.js";

export { handleExtMethod, logLines };

export const AGENT_VERSION = "0.54.8";

const DEFAULT_SYSTEM_PROMPT =
  "You are Kiro, an AI assistant and IDE built to assist developers. Use the tools available to you to complete the user's task.";

const memoryStore = new MemoryStore();

/** Creates a session around any `{ invoke(execution, context) }` model (tests use a scripted one). */
export function createSession(model: { invoke(execution: any, context: any[]): any }, options: { cwd?: string } = {}): Session {
  const session = new Session(new DelegatingModelClient(model), {
    cwd: options.cwd ?? process.cwd(),
    modelId: "claude-sonnet-4",
    systemPrompt: DEFAULT_SYSTEM_PROMPT,
    tools: createBuiltinRegistry(),
    memoryStore,
  });
  sessions.set(session.sessionId, session);
  return session;
}

interface ServerArgs {
  transport: string;
  auth: string;
  endpoint?: string;
}

function parseArgs(argv: string[]): ServerArgs | undefined {
  const args: Record<string, string> = {};
  for (const a of argv) {
    const m = /^--([a-z-]+)=(.*)$/.exec(a);
    if (m) args[m[1]] = m[2];
  }
  if (!args.transport) return undefined;
  return { transport: args.transport, auth: args.auth ?? "none", endpoint: args.endpoint };
}

async function main(args: ServerArgs): Promise<void> {
  const log = new Logger("server");
  Logger.addSink(new FileSink(join(homedir(), ".kiro", "logs", new Date().toISOString().slice(0, 10), "kiro.log")));
  Logger.setLevel(process.env.KIRO_LOG_LEVEL === "trace" ? LogLevel.Trace : LogLevel.Info);
  tracer.addExporter(process.env.KIRO_OTLP_ENDPOINT ? new OtlpHttpExporter(process.env.KIRO_OTLP_ENDPOINT) : new RingBufferExporter());
  if (args.transport !== "stdio") throw new Error(`unsupported transport ${args.transport}`);
  let authToken: string | undefined;
  let kiroClient: { steering?: boolean } | undefined;
  const connection: NdjsonConnection = new NdjsonConnection(process.stdin, process.stdout, async (method, params) => {
    switch (method) {
      case "initialize": {
        const p = params as InitializeParams;
        kiroClient = p.clientCapabilities?._meta?.kiro;
        return {
          protocolVersion: PROTOCOL_VERSION,
          agentCapabilities: { loadSession: true, promptCapabilities: { image: true, embeddedContext: true } },
          authMethods: args.auth === "acp-callback" ? [{ id: "kiro", name: "Kiro" }] : [],
          _meta: { kiro: { agentVersion: AGENT_VERSION, steering: kiroClient?.steering !== false } },
        };
      }
      case "authenticate": {
        authToken = (await connection.request("_kiro/auth/token", {}).catch(() => undefined)) as string | undefined;
        return {};
      }
      case "session/new": {
        const session = new Session(
          new EndpointModelClient(args.endpoint ?? "https://localhost.invalid", async () => authToken),
          {
            cwd: params?.cwd ?? process.cwd(),
            modelId: params?._meta?.kiro?.modelId ?? "claude-sonnet-4",
            systemPrompt: DEFAULT_SYSTEM_PROMPT,
            tools: createBuiltinRegistry(),
            memoryStore,
          },
        );
        session.services.eventAdapter.bind(connection);
        if (process.env.KIRO_DISABLE_TRANSCRIPTS !== "1") {
          session.persistTo(new TranscriptStore(session.promptContext.workspaceHash, session.sessionId));
        }
        sessions.set(session.sessionId, session);
        return { sessionId: session.sessionId };
      }
      case "session/prompt": {
        const session = sessions.get(params?.sessionId);
        if (!session) throw new RpcError(RpcErrorCode.InvalidParams, "unknown session");
        const text = (params.prompt ?? []).map((b: any) => (b?.type === "text" ? b.text : "")).join("\n");
        return session.prompt(text);
      }
      case "session/cancel": {
        sessions.get(params?.sessionId)?.cancel();
        return null;
      }
      default:
        if (method.startsWith("_")) return handleExtMethod(method, params);
        throw new RpcError(RpcErrorCode.MethodNotFound, `unknown method ${method}`);
    }
  });
  log.info(`kiro agent server ${AGENT_VERSION} listening on stdio`);
  process.on("SIGTERM", () => {
    void tracer.flush().finally(() => process.exit(0));
  });
}

const serverArgs = parseArgs(process.argv.slice(2));
if (serverArgs) {
  main(serverArgs).catch((err) => {
    process.stderr.write(`fatal: ${String(err?.stack ?? err)}\n`);
    process.exit(1);
  });
}
