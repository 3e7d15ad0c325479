import { EXT_METHODS, type ExtContext } from "./acp/ext-methods";
import type { NotificationSink } from "./acp/session-updates";
import type { ModelClient } from "./graph/state";
import { KasSession } from "./session/kas-session";
import { defaultSettings, type SessionSettings } from "./session/settings";
import { scoped } from "./util/log";

export { logLines } from "./util/log";

const log = scoped("AcpServer");
const ctx: ExtContext = { sessions: new Map() };

export function createSession(model: ModelClient, settings?: Partial<SessionSettings>, sink?: NotificationSink): KasSession {
  const session = new KasSession(model, defaultSettings(settings), sink);
  ctx.sessions.set(session.sessionId, session);
  log.debug(`session ${session.sessionId} created`);
  return session;
}

export async function handleExtMethod(method: string, params: Record<string, unknown>): Promise<unknown> {
  const handler = EXT_METHODS[method];
  if (!handler) throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  return handler(ctx, params ?? {});
}
