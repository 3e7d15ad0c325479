import type { AgentExecution } from "../agent/agent-execution";
import type { LifecycleHookRunner } from "../hooks/lifecycle-hooks";
import type { ModelProvider } from "../provider/model-provider";
import type { SteeringBuffer } from "../steering/steering-buffer";
import type { Toolbox } from "../tools/toolbox";
import type { Logger } from "../util/log";

/** Tracks every execution a session creates, in creation order. */
export class ExecutionTracker {
  private readonly created: AgentExecution[] = [];

  track(execution: AgentExecution): void {
    this.created.push(execution);
  }

  list(): readonly AgentExecution[] {
    return this.created;
  }
}

/** Per-session services, shared by the root execution and every execution it spawns. */
export interface SessionServices {
  readonly sessionId: string;
  readonly steeringBuffer: SteeringBuffer;
  readonly logger: Logger;
  readonly provider: ModelProvider;
  readonly toolbox: Toolbox;
  readonly lifecycleHooks: LifecycleHookRunner;
  readonly executions?: ExecutionTracker;
}
