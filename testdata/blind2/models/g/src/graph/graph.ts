import { Inject, Injectable } from "../di/container";
import { GRAPH_RUNNER, HOOK_DISPATCHER, MODEL, TOOL_REGISTRY, TURN_ROUTES } from "../di/tokens";
import type { AgentExecution } from "../execution/agent-execution";
import type { HookDispatcher } from "./hooks";
import type { ToolRegistry, ToolCall } from "../tools/tool-registry";
import { GraphNode } from "./nodes";

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
}

export interface GraphState {
  execution: AgentExecution;
  response?: ModelResponse;
  steps: number;
}

export interface RouteTargets {
  continueTarget: GraphNode;
  doneTarget: GraphNode;
}

type Router = (this: unknown, state: GraphState, targets: RouteTargets) => GraphNode;
const routers = new Map<GraphNode, { owner: Function; method: string }>();

/** Method decorator: this method decides where the graph goes after `node`. */
export function Route(node: GraphNode) {
  return (target: object, method: string) => {
    routers.set(node, { owner: target.constructor, method });
  };
}

export class ModelSettleError extends Error {
  constructor(readonly cause: unknown) {
    super(`model response did not settle: ${String(cause)}`);
  }
}

@Injectable(GRAPH_RUNNER)
export class GraphRunner {
  constructor(
    @Inject(HOOK_DISPATCHER) private readonly hooks: HookDispatcher,
    @Inject(TOOL_REGISTRY) private readonly tools: ToolRegistry,
    @Inject(MODEL) private readonly model: { invoke(e: AgentExecution, ctx: unknown[]): Promise<ModelResponse> },
    @Inject(TURN_ROUTES) private readonly routes: Record<string, Router>,
  ) {}

  async run(execution: AgentExecution): Promise<ModelResponse | undefined> {
    let state: GraphState = { execution, steps: 0 };
    execution.state = state;
    let node: GraphNode = GraphNode.ModelInvoke;
    while (node !== GraphNode.Done) {
      if (execution.abortController.signal.aborted) throw execution.abortController.signal.reason ?? new Error("aborted");
      node = await this.step(node, state);
      state = execution.state;
    }
    return state.response;
  }

  private async step(node: GraphNode, state: GraphState): Promise<GraphNode> {
    switch (node) {
      case GraphNode.ModelInvoke: {
        await this.hooks.dispatch(GraphNode.ModelInvoke, state.execution);
        state = await this.invokeModel(state);
        state.execution.state = state;
        return state.response!.toolCalls.length > 0 ? GraphNode.ToolExecution : GraphNode.FinalResponse;
      }
      case GraphNode.ToolExecution: {
        for (const call of state.response!.toolCalls) {
          const output = await this.tools.execute(call, state);
          state.execution.messages.push({ role: "tool", text: output });
        }
        return GraphNode.ModelInvoke;
      }
      case GraphNode.FinalResponse: {
        const route = routers.get(GraphNode.FinalResponse)!;
        return this.routes[route.method](state, { continueTarget: GraphNode.ModelInvoke, doneTarget: GraphNode.Done });
      }
      default:
        return GraphNode.Done;
    }
  }

  private async invokeModel(state: GraphState): Promise<GraphState> {
    const { execution } = state;
    execution.foldQueuedMessages();
    let response: ModelResponse;
    try {
      response = await this.model.invoke(execution, execution.messages);
    } catch (error) {
      throw new ModelSettleError(error);
    }
    execution.messages.push({ role: "assistant", text: response.text });
    return { ...state, response: { text: response.text ?? "", toolCalls: response.toolCalls ?? [] }, steps: state.steps + 1 };
  }
}
