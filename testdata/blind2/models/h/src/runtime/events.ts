import type { AgentExecution } from "./agent-execution";
import type { SessionServices } from "../server/session-services";

export interface BeforeModelInvoke {
  execution: AgentExecution;
  services: SessionServices;
}

export interface RuntimeEvents extends Record<string, unknown> {
  beforeModelInvoke: BeforeModelInvoke;
  executionStarted: AgentExecution;
  executionFinished: AgentExecution;
  turnSettled: { root: AgentExecution };
  step: { step: string; execution: AgentExecution };
}
