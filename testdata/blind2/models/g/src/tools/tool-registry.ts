import { Inject, Injectable, type Container } from "../di/container";
import { CONTAINER, EXECUTION_FACTORY, GRAPH_RUNNER, SESSION, TOOL_REGISTRY } from "../di/tokens";
import type { GraphState } from "../graph/graph";
import type { ExecutionFactory } from "../execution/execution-factory";

export interface ToolCall {
  name: string;
  text?: string;
  input?: { subagentId: string; prompt: string };
}

type ToolHandler = (call: ToolCall, state: GraphState) => Promise<string>;

@Injectable(TOOL_REGISTRY)
export class ToolRegistry {
  private readonly handlers = new Map<string, ToolHandler>();

  constructor(
    @Inject(SESSION) private readonly session: { steer(text: string, origin?: string): { id: string } },
    @Inject(EXECUTION_FACTORY) private readonly executions: ExecutionFactory,
    @Inject(CONTAINER) private readonly container: Container,
  ) {
    this.handlers.set("user_steer", async (call) => {
      const message = this.session.steer(call.text ?? "", "user");
      return `queued ${message.id}`;
    });
    this.handlers.set("notify", async (call) => {
      const message = this.session.steer(call.text ?? "", "workflow");
      return `queued ${message.id}`;
    });
    this.handlers.set("invoke_sub_agent", (call, state) => this.invokeSubAgent(call, state));
  }

  async execute(call: ToolCall, state: GraphState): Promise<string> {
    const handler = this.handlers.get(call.name);
    if (!handler) return `unknown tool ${call.name}`;
    return handler(call, state);
  }

  private async invokeSubAgent(call: ToolCall, state: GraphState): Promise<string> {
    const { subagentId, prompt } = call.input!;
    const child = this.executions.spawnChild(state.execution, { agentName: subagentId });
    child.messages.push({ role: "user", text: prompt });
    try {
      const result = await this.container.resolve(GRAPH_RUNNER).run(child);
      return `subagent ${subagentId} finished: ${result?.text ?? ""}`;
    } finally {
      this.executions.settleChild(state.execution, child);
    }
  }
}
