import type { AgentExecution } from "../agent/agent-execution";
import type { AgentState, ToolCall } from "../graph/agent-graph";
import type { SteeringMessage } from "../steering/live-steering-buffer";

export interface ToolRuntime {
  readonly session: { steer(text: string, origin?: string): SteeringMessage };
  runExecution(execution: AgentExecution, prompt: string): Promise<string>;
}

export interface ToolResult {
  text?: string;
  isError?: boolean;
}

export interface Tool {
  readonly name: string;
  execute(call: ToolCall, state: AgentState, runtime: ToolRuntime): Promise<ToolResult>;
}

export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  register(tool: Tool): this {
    if (this.tools.has(tool.name)) throw new Error(`tool ${tool.name} registered twice`);
    this.tools.set(tool.name, tool);
    return this;
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }
}

/** The user's own steer, typed through a tool (the ACP client's steer box). */
export class UserSteerTool implements Tool {
  readonly name = "user_steer";
  async execute(call: ToolCall, _state: AgentState, runtime: ToolRuntime): Promise<ToolResult> {
    const message = runtime.session.steer(call.text ?? "");
    return { text: `queued ${message.id}` };
  }
}

/** A workflow notification posted to the session. */
export class NotifyTool implements Tool {
  readonly name = "notify";
  async execute(call: ToolCall, _state: AgentState, runtime: ToolRuntime): Promise<ToolResult> {
    const message = runtime.session.steer(call.text ?? "", "workflow");
    return { text: `posted ${message.id}` };
  }
}
