import { createLogger } from "../util/logger";
import type { AgentExecution } from "../agent/execution";

const log = createLogger("AgentHooks");

export type AgentHookEvent = "agentSpawn" | "preModelInvoke" | "postModelInvoke" | "stop";

export interface AgentHook {
  name: string;
  events: AgentHookEvent[];
  run(execution: AgentExecution, event: AgentHookEvent): Promise<void> | void;
}

/**
 * Hooks configured by the user's agent profile (shell commands, MCP callbacks).
 * Executions built with skipHooks (memory extraction) do not run them.
 */
export class AgentHookRunner {
  #hooks: AgentHook[] = [];

  use(hook: AgentHook): this {
    this.#hooks.push(hook);
    return this;
  }

  async run(execution: AgentExecution, event: AgentHookEvent): Promise<void> {
    if (execution.skipHooks) return;
    for (const hook of this.#hooks) {
      if (!hook.events.includes(event)) continue;
      try {
        await hook.run(execution, event);
      } catch (err) {
        log.warn(`hook ${hook.name} failed on ${event} for ${execution.agentName}: ${String(err)}`);
      }
    }
  }
}
