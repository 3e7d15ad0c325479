import type { AgentExecution } from "../agent/agent-execution.js";
import type { ToolCall } from "../types.js";

// User-configured agent hooks (preModelInvoke, preToolUse, stop). Executions
// built with skipHooks (memory extraction, compaction) never run them.
export type HookPoint = "preModelInvoke" | "preToolUse" | "stop";
export type Hook = (execution: AgentExecution, call?: ToolCall) => Promise<void> | void;

const hooks = new Map<HookPoint, Hook[]>();

export function registerHook(point: HookPoint, hook: Hook): () => void {
  const list = hooks.get(point) ?? [];
  list.push(hook);
  hooks.set(point, list);
  return () => {
    const i = list.indexOf(hook);
    if (i >= 0) list.splice(i, 1);
  };
}

export async function runHooks(point: HookPoint, execution: AgentExecution, call?: ToolCall): Promise<void> {
  for (const hook of hooks.get(point) ?? []) {
    try {
      await hook(execution, call);
    } catch (err) {
      execution.sessionServices.logger.warn(`[hooks] ${point} hook failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
