import { Logger } from "../logging/sink";
import type { AgentExecution } from "./agent-execution";

const log = new Logger("Hooks");

export interface ModelInvokeHook {
  readonly name: string;
  /** built-in hooks run for every execution; user hooks are skipped with skipHooks */
  readonly builtin: boolean;
  onModelInvoke?(execution: AgentExecution): Promise<void>;
  onModelResponse?(execution: AgentExecution): Promise<void>;
}

export class ModelInvokeHookPipeline {
  private readonly hooks: ModelInvokeHook[] = [];

  add(hook: ModelInvokeHook): void {
    this.hooks.push(hook);
  }

  private applicable(execution: AgentExecution): ModelInvokeHook[] {
    return execution.skipHooks ? this.hooks.filter((hook) => hook.builtin) : this.hooks;
  }

  async beforeInvoke(execution: AgentExecution): Promise<void> {
    for (const hook of this.applicable(execution)) {
      if (!hook.onModelInvoke) continue;
      if (hook.builtin) {
        await hook.onModelInvoke(execution);
        continue;
      }
      try {
        await hook.onModelInvoke(execution);
      } catch (err) {
        log.warn(`user hook ${hook.name} failed: ${(err as Error).message}`);
      }
    }
  }

  async afterResponse(execution: AgentExecution): Promise<void> {
    for (const hook of this.applicable(execution)) {
      if (hook.onModelResponse) await hook.onModelResponse(execution);
    }
  }
}
