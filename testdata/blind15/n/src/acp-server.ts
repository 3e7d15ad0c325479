import { AgentSession, type AgentSessionInit } from "./session/agent-session";
import type { ConversationModel } from "./loop/types";

export { handleExtMethod } from "./acp/ext-methods";
export { logLines } from "./logging/sink";

export function createSession(model: ConversationModel, init?: AgentSessionInit): AgentSession {
  return new AgentSession(model, init);
}
