// User-defined agent hooks (".kiro/hooks"): shell-free in this runtime, they append a note to
// the turn's audit trail. Optional plugin: executions built with skipHooks do not run it.
import type { KasPlugin, LifecycleContext } from "./hooks.js";

export interface AgentHookDefinition {
  name: string;
  when: "toolUse" | "agentStop";
  toolName?: string;
  note: string;
}

export interface HookAuditEntry {
  hook: string;
  agentName: string;
  at: number;
}

export class AgentHooksPlugin implements KasPlugin {
  readonly name = "agent-hooks";
  readonly order = 80;
  readonly audit: HookAuditEntry[];
  readonly handlers = {
    "tool:after": (context: LifecycleContext) => this.fire("toolUse", context),
    "turn:closed": (context: LifecycleContext) => this.fire("agentStop", context),
  };

  constructor(private readonly definitions: AgentHookDefinition[]) {
    this.audit = [];
  }

  private fire(when: AgentHookDefinition["when"], context: LifecycleContext): void {
    for (const hook of this.definitions) {
      if (hook.when !== when) continue;
      if (hook.toolName && hook.toolName !== context.toolName) continue;
      this.audit.push({ hook: hook.name, agentName: context.execution.agentName, at: Date.now() });
    }
  }
}

/** Counts model calls per agent for the session's usage summary. */
export class UsagePlugin implements KasPlugin {
  readonly name = "usage";
  readonly order = 90;
  readonly callsByAgent: Map<string, number>;
  readonly handlers = {
    "model:after-invoke": (context: LifecycleContext) => {
      const name = context.execution.agentName;
      this.callsByAgent.set(name, (this.callsByAgent.get(name) ?? 0) + 1);
    },
  };

  constructor() {
    this.callsByAgent = new Map();
  }
}
