// acp-server entry: builds the application container, exposes the embedding API, and
// serves ACP over stdio when started by kiro-cli.
import { createInterface } from "node:readline";
import { log, logLines } from "./infra/log.js";
import type { ModelClient } from "./agent/model.js";
import { serveExtMethod, ExtMethodFailure, type ExtRequest } from "./acp/ext-methods.js";
import { createApplicationContainer, openSessionScope } from "./session/session-scope.js";
import type { Session } from "./session/session.js";
import { Tokens } from "./session/tokens.js";

export { logLines };

const app = createApplicationContainer();
const sessions = new Map<string, Session>();

export function createSession(model: ModelClient): Session {
  const scope = openSessionScope(app, model);
  const session = scope.resolve(Tokens.Session);
  sessions.set(session.sessionId, session);
  log.info(`[ACP] session ${session.sessionId} created`);
  return session;
}

export function closeSession(sessionId: string): void {
  const session = sessions.get(sessionId);
  if (!session) return;
  session.cancel();
  session.scope.dispose();
  sessions.delete(sessionId);
}

export function handleExtMethod(request: ExtRequest): Promise<unknown> {
  return serveExtMethod(sessions, request);
}

async function serveStdio(flags: Map<string, string>): Promise<void> {
  const reply = (message: unknown) => process.stdout.write(JSON.stringify(message) + "\n");
  const model: ModelClient = {
    invoke: () => Promise.reject(new Error(`model endpoint ${flags.get("endpoint") ?? "(default)"} is not reachable`)),
  };
  log.info(`[ACP] stdio transport, auth=${flags.get("auth") ?? "none"}`);
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    let message: { id?: string | number; method?: string; params?: Record<string, unknown> };
    try {
      message = JSON.parse(line);
    } catch {
      continue;
    }
    const respond = (result: unknown) => message.id !== undefined && reply({ jsonrpc: "2.0", id: message.id, result });
    try {
      switch (message.method) {
        case "initialize":
          respond({ protocolVersion: 1, agentCapabilities: { _meta: { kiro: { liveSteering: true } } } });
          break;
        case "session/new": {
          const session = createSession(model);
          session.scope.resolve(Tokens.Notifier).attach(reply);
          respond({ sessionId: session.sessionId });
          break;
        }
        case "session/prompt": {
          const session = sessions.get(String(message.params?.sessionId));
          const blocks = (message.params?.prompt ?? []) as Array<{ text?: string }>;
          await session?.prompt(blocks.map((b) => b.text ?? "").join("\n"));
          respond({ stopReason: session ? "end_turn" : "refusal" });
          break;
        }
        case "session/cancel":
          sessions.get(String(message.params?.sessionId))?.cancel();
          break;
        default:
          respond(await handleExtMethod({ method: message.method ?? "", params: message.params }));
      }
    } catch (error) {
      const code = error instanceof ExtMethodFailure ? error.code : -32603;
      if (message.id !== undefined) reply({ jsonrpc: "2.0", id: message.id, error: { code, message: String(error) } });
    }
  }
}

const flags = new Map(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => {
      const [key, value = "true"] = arg.slice(2).split("=", 2);
      return [key, value] as [string, string];
    }),
);
if (flags.get("transport") === "stdio") {
  serveStdio(flags).catch((error) => {
    log.error("[ACP] transport stopped", error);
    process.exitCode = 1;
  });
}
