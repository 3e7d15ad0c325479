import { KasSession, type KasSessionOptions } from "../session/session";
import { registerSession } from "../session/session-registry";
import type { ChatModel } from "../model/types";

export { handleExtMethod } from "../acp/ext-methods";
export { logLines } from "../util/logger";

export function createSession(model: ChatModel, options?: KasSessionOptions): KasSession {
  return registerSession(new KasSession(model, options));
}
