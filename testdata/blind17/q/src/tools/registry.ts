import { Injectable } from "../di/container.js";
import type { AgentExecution } from "../agent/agent-execution.js";
import type { ToolCall } from "../types.js";
import { traced } from "../util/traced.js";

export interface ToolSpec {
  name: string;
  description: string;
  /** tools a sub-agent may not call */
  rootOnly?: boolean;
  run(call: ToolCall, execution: AgentExecution): Promise<string> | string;
}

/** Dispatches model tool calls by name through a Map of registered tools. */
@Injectable("toolDispatcher")
export class ToolDispatcher {
  private readonly tools = new Map<string, ToolSpec>();
  private readonly aliases = new Map<string, string>();

  register(spec: ToolSpec, ...aliases: string[]): this {
    this.tools.set(spec.name, spec);
    for (const alias of aliases) this.aliases.set(alias, spec.name);
    return this;
  }

  list(): ToolSpec[] {
    return [...this.tools.values()];
  }

  lookup(name: string): ToolSpec | undefined {
    return this.tools.get(name) ?? this.tools.get(this.aliases.get(name) ?? "");
  }

  @traced("tools.dispatch")
  async dispatch(call: ToolCall, execution: AgentExecution): Promise<string> {
    const spec = this.lookup(call.name);
    if (!spec) return `error: unknown tool ${call.name}`;
    if (spec.rootOnly && execution.subExecutionDepth > 0) return `error: ${call.name} is not available to sub-agents`;
    execution.sessionServices.bus.emit("tool/called", { executionId: execution.executionId, name: spec.name });
    try {
      return await spec.run(call, execution);
    } catch (err) {
      execution.sessionServices.logger.error(`[tools] ${spec.name} failed`, err);
      return `error: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
}
