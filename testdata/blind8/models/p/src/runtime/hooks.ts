// Plugin host. Runtime features (live steering, memory extraction, user-defined agent
// hooks, usage accounting) plug into named lifecycle points. An execution built with
// `skipHooks` runs only the plugins marked `critical`.
import type { AgentExecution } from "../agent/execution.js";
import type { ExecutionRunner } from "../agent/runner.js";
import type { KasSession } from "../session/session.js";
import { logger } from "../util/logger.js";

export type LifecyclePoint =
  | "model:before-invoke"
  | "model:after-invoke"
  | "tool:after"
  | "subagent:returned"
  | "turn:settled"
  | "turn:closed";

export interface LifecycleContext {
  session: KasSession;
  runner: ExecutionRunner;
  execution: AgentExecution;
  /** The sub-execution, for `subagent:returned`. */
  child?: AgentExecution;
  toolName?: string;
  reason?: string;
}

export type LifecycleHandler = (context: LifecycleContext) => unknown;

export interface KasPlugin {
  readonly name: string;
  /** Critical plugins also run for executions built with `skipHooks`. */
  readonly critical?: boolean;
  /** Lower runs first. */
  readonly order?: number;
  readonly handlers: Partial<Record<LifecyclePoint, LifecycleHandler>>;
}

export class PluginHost {
  private plugins: KasPlugin[];
  private failures: Map<string, number>;

  constructor() {
    this.plugins = [];
    this.failures = new Map();
  }

  use(plugin: KasPlugin): this {
    if (this.plugins.some((p) => p.name === plugin.name)) {
      throw new Error(`plugin ${plugin.name} is already installed`);
    }
    this.plugins = [...this.plugins, plugin].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
    return this;
  }

  installed(): string[] {
    return this.plugins.map((p) => p.name);
  }

  async dispatch(point: LifecyclePoint, context: LifecycleContext): Promise<void> {
    const skipOptional = context.execution.skipHooks;
    for (const plugin of this.plugins) {
      const handler = plugin.handlers[point];
      if (!handler) continue;
      if (skipOptional && !plugin.critical) continue;
      if (plugin.critical) {
        await handler(context);
        continue;
      }
      try {
        await handler(context);
      } catch (error) {
        const count = (this.failures.get(plugin.name) ?? 0) + 1;
        this.failures.set(plugin.name, count);
        logger.error(`[Plugins] ${plugin.name} failed at ${point} (${count} failure(s))`, error);
      }
    }
  }
}
