import type { AgentExecution } from "../agent/agent-execution";

export type LifecycleEvent = "agentSpawn" | "stop";

export interface LifecycleHook {
  readonly event: LifecycleEvent;
  readonly command: string;
}

/**
 * User-configured agent hooks (agentSpawn, stop). Internal executions built
 * with skipHooks (memory extraction) do not run them. Live steering is not one
 * of these: it is drained at MODEL_INVOKE for every execution.
 */
export class LifecycleHookRunner {
  constructor(private readonly hooks: readonly LifecycleHook[] = []) {}

  async run(event: LifecycleEvent, execution: AgentExecution): Promise<number> {
    if (execution.skipHooks) return 0;
    let ran = 0;
    for (const hook of this.hooks) {
      if (hook.event !== event) continue;
      execution.sessionServices.logger.debug(`[AgentHooks] ${event} for ${execution.agentName}: ${hook.command}`);
      ran += 1;
    }
    return ran;
  }
}
