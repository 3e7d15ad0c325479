import type { AgentExecution } from "../agent/execution";
import type { ModelClient } from "../model/scripted-model";
import type { SessionSteeringBuffer } from "../steering/buffer";
import type { Log } from "../util/log";

// Shared by every execution of a session, sub-executions included.
export interface SessionServices {
  sessionId: string;
  steering: SessionSteeringBuffer;
  log: Log;
  model: ModelClient;
  executions: AgentExecution[];
}
