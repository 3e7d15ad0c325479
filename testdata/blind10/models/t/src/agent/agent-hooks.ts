import type { AgentExecution } from "./agent-execution";
import { logger } from "../util/logger";

/** User-configured agent hooks (`.kiro/hooks/*.kiro.hook`); sub-executions built with skipHooks never fire them. */
export type AgentHookEvent = "promptSubmit" | "agentStop";

export interface AgentHook {
  id: string;
  event: AgentHookEvent;
  run(execution: AgentExecution): Promise<void> | void;
}

export class AgentHookRunner {
  private readonly hooks: AgentHook[] = [];

  register(hook: AgentHook): void {
    this.hooks.push(hook);
  }

  async fire(event: AgentHookEvent, execution: AgentExecution): Promise<void> {
    if (execution.skipHooks) return;
    for (const hook of this.hooks) {
      if (hook.event !== event) continue;
      try {
        await hook.run(execution);
      } catch (err) {
        logger.warn(`[AgentHooks] hook ${hook.id} failed on ${event}: ${String(err)}`);
      }
    }
  }
}
