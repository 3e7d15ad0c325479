import type { GraphState, ToolCall } from "../graph/state";
import type { ExecutionRunner } from "../graph/execution-runner";
import { scoped } from "../util/log";

const log = scoped("Tools");

export interface Tool {
  readonly name: string;
  execute(call: ToolCall, state: GraphState, runner: ExecutionRunner): Promise<string>;
}

export class ToolRegistry {
  private readonly byName = new Map<string, Tool>();

  register(...tools: Tool[]): this {
    for (const tool of tools) this.byName.set(tool.name, tool);
    return this;
  }

  async dispatch(call: ToolCall, state: GraphState, runner: ExecutionRunner): Promise<string> {
    const tool = this.byName.get(call.name);
    if (!tool) {
      log.warn(`unknown tool ${call.name}`);
      return `error: unknown tool ${call.name}`;
    }
    return tool.execute(call, state, runner);
  }
}
