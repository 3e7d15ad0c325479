import type { AgentExecution } from "../core/execution";
import { log } from "../platform/log";

/** Hooks the runtime itself installs; they run for every execution. */
export interface BuiltinHook {
  readonly id: string;
  beforeModelInvoke?(execution: AgentExecution): Promise<void>;
}

/** Hooks configured by the user in `.kiro/hooks`; skipped for executions built with `skipHooks`. */
export interface UserHook {
  readonly id: string;
  readonly when: "beforeModelInvoke" | "afterTurn";
  run(execution: AgentExecution): Promise<void>;
}

const hookLog = log.child("Hooks");

export class HookPipeline {
  private readonly builtins: BuiltinHook[] = [];
  private readonly userHooks: UserHook[] = [];

  installBuiltin(hook: BuiltinHook): void {
    this.builtins.push(hook);
  }

  addUserHook(hook: UserHook): void {
    this.userHooks.push(hook);
  }

  async beforeModelInvoke(execution: AgentExecution): Promise<void> {
    for (const hook of this.builtins) await hook.beforeModelInvoke?.(execution);
    await this.runUser("beforeModelInvoke", execution);
  }

  async afterTurn(execution: AgentExecution): Promise<void> {
    await this.runUser("afterTurn", execution);
  }

  private async runUser(when: UserHook["when"], execution: AgentExecution): Promise<void> {
    if (execution.skipHooks) return;
    for (const hook of this.userHooks) {
      if (hook.when !== when) continue;
      try {
        await hook.run(execution);
      } catch (err) {
        hookLog.warn(`user hook ${hook.id} failed: ${String(err)}`);
      }
    }
  }
}
