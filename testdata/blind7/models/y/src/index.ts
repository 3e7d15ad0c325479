// src/index.ts: the slice of the ACP server the tests drive.
import "./telemetry/logger.js";
import "./steering/steering-store.js";
import "./execution/execution-registry.js";
import "./execution/execution-factory.js";
import "./tools/tool-registry.js";
import "./agent/turn-runner.js";
import "./agent/memory-extraction.js";
import { KiroSession } from "./session/kiro-session.js";
import { liveSessions, handleExtMethod } from "./protocol/ext-methods.js";
import type { ModelClient } from "./session/session-services.js";

export { logLines } from "./telemetry/logger.js";
export { handleExtMethod };

export function createSession(model: ModelClient): KiroSession {
  let session = new KiroSession(model);
  liveSessions.set(session.sessionId, session);
  return session;
}
