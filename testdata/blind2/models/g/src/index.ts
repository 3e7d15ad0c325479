// Service registrations (decorators run at module load).
import "./util/logger";
import "./acp/updates";
import "./steering/buffer";
import "./steering/prompt-renderer";
import "./execution/execution-registry";
import "./execution/execution-factory";
import "./graph/hooks";
import "./steering/live-steering-hook";
import "./graph/graph";
import "./graph/turn-routes";
import "./tools/tool-registry";
import { Session } from "./session/session";

export function createSession(model: unknown): Session {
  return new Session(model);
}

export { handleExtMethod } from "./acp/ext-methods";
export { logLines } from "./util/logger";
