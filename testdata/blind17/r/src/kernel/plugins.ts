// Plugin registry: a plugin contributes tools and lifecycle hooks. Hooks are
// skipped for executions built with skipHooks.
import type { AgentExecutionImpl } from "../exec/execution.js";
import type { ToolInvocation } from "../types.js";

export interface ToolDefinition {
  name: string;
  summary: string;
  handler: (call: ToolInvocation, execution: AgentExecutionImpl) => Promise<string> | string;
}

export interface HookSet {
  beforeModel?: (execution: AgentExecutionImpl) => void | Promise<void>;
  afterTool?: (execution: AgentExecutionImpl, call: ToolInvocation, result: string) => void | Promise<void>;
  onTurnEnd?: (execution: AgentExecutionImpl) => void | Promise<void>;
}

export interface Plugin {
  name: string;
  version?: string;
  tools?: ToolDefinition[];
  hooks?: HookSet;
  dependsOn?: string[];
}

export class PluginRegistry {
  private readonly plugins: Plugin[];
  private toolIndex: Record<string, ToolDefinition>;

  constructor() {
    this.plugins = [];
    this.toolIndex = Object.create(null);
  }

  use(plugin: Plugin): this {
    if (this.plugins.some((p) => p.name === plugin.name)) throw new Error(`plugin ${plugin.name} already registered`);
    for (const dep of plugin.dependsOn ?? []) {
      if (!this.plugins.some((p) => p.name === dep)) throw new Error(`plugin ${plugin.name} needs ${dep}`);
    }
    this.plugins.push(plugin);
    for (const tool of plugin.tools ?? []) this.toolIndex[tool.name] = tool;
    return this;
  }

  tool(name: string): ToolDefinition | undefined {
    return this.toolIndex[name];
  }

  toolNames(): string[] {
    return Object.keys(this.toolIndex);
  }

  async fire<K extends keyof HookSet>(point: K, execution: AgentExecutionImpl, ...rest: unknown[]): Promise<void> {
    if (execution.skipHooks) return;
    for (const plugin of this.plugins) {
      const hook = plugin.hooks?.[point] as ((...a: unknown[]) => unknown) | undefined;
      if (hook) await hook(execution, ...rest);
    }
  }

  names(): string[] {
    return this.plugins.map((p) => p.name + (p.version ? "@" + p.version : ""));
  }
}
