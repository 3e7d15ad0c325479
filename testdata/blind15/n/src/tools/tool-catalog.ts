import type { AgentExecution } from "../execution/agent-execution";
import type { ToolCallRequest } from "../loop/types";
import type { SteeringEntry } from "../steering/live-steering-queue";

export interface ToolHost {
  steer(text: string, origin?: string): SteeringEntry;
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
}

export interface ToolInvocation {
  execution: AgentExecution;
  host: ToolHost;
}

export interface Tool {
  name: string;
  run(call: ToolCallRequest, invocation: ToolInvocation): Promise<string>;
}

const textOf = (call: ToolCallRequest) => String(call.text ?? call.input?.text ?? "");

export const userSteerTool: Tool = {
  name: "user_steer",
  async run(call, { host }) {
    return `queued ${host.steer(textOf(call), "user").id}`;
  },
};

export const notifyTool: Tool = {
  name: "notify",
  async run(call, { host }) {
    return `posted ${host.steer(textOf(call), "workflow").id}`;
  },
};

export class ToolCatalog {
  private readonly byName = new Map<string, Tool>();

  constructor(tools: Tool[]) {
    tools.forEach((tool) => this.byName.set(tool.name, tool));
  }

  async dispatch(call: ToolCallRequest, invocation: ToolInvocation): Promise<string> {
    const tool = this.byName.get(call.name);
    if (!tool) return `error: no tool named ${call.name}`;
    try {
      return await tool.run(call, invocation);
    } catch (err) {
      return `error: ${(err as Error).message}`;
    }
  }
}
