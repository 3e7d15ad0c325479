import { NodeId, type GraphState } from "./state";
import { drainLiveSteering } from "../steering/live-steering";
import { Tokens } from "../core/container";
import type { ToolRegistry } from "../tools/registry";
import { Logger } from "../core/logger";

const log = new Logger("graph");
export const MAX_DRAIN_RETRIES = 2;

export interface GraphNode {
  readonly id: NodeId;
  run(state: GraphState): Promise<NodeId>;
}

async function snapshot(state: GraphState): Promise<GraphState> {
  return { ...state, steps: state.steps + 1 };
}

export class ModelInvokeNode implements GraphNode {
  readonly id = NodeId.ModelInvoke;

  async run(state: GraphState): Promise<NodeId> {
    await drainLiveSteering(state.execution);
    state = await snapshot(state);
    state.execution.state = state;
    const { model } = state.execution.sessionServices;
    const response = await model.invoke(state.execution, state.execution.materialize());
    state.lastResponse = response;
    state.execution.append({ role: "assistant", text: response.text });
    return response.toolCalls.length > 0 ? NodeId.ToolExecute : NodeId.FinalResponse;
  }
}

export class ToolExecuteNode implements GraphNode {
  readonly id = NodeId.ToolExecute;

  async run(state: GraphState): Promise<NodeId> {
    const registry = state.execution.sessionServices.container.resolve<ToolRegistry>(Tokens.Tools);
    for (const call of state.lastResponse?.toolCalls ?? []) {
      const output = await registry.execute(call, state);
      state.execution.append({ role: "tool", text: output });
    }
    return NodeId.ModelInvoke;
  }
}

export class FinalResponseNode implements GraphNode {
  readonly id = NodeId.FinalResponse;

  async run({ execution }: GraphState): Promise<NodeId> {
    if (!execution.hasPendingSteering) return NodeId.End;
    if (execution.drainRetryCount >= MAX_DRAIN_RETRIES) {
      log.warn(`steering still queued for ${execution.agentName} after ${execution.drainRetryCount} retries`);
      return NodeId.End;
    }
    execution.drainRetryCount++;
    return NodeId.ModelInvoke;
  }
}

export class GraphRunner {
  readonly #nodes = new Map<NodeId, GraphNode>();

  constructor(nodes: GraphNode[]) {
    for (const node of nodes) this.#nodes.set(node.id, node);
  }

  async run(execution: import("../execution/agent-execution").AgentExecution): Promise<string> {
    let state: GraphState = { execution, steps: 0 };
    execution.state = state;
    let at: NodeId = NodeId.ModelInvoke;
    while (at !== NodeId.End) {
      if (execution.abortController.signal.aborted) throw new Error("aborted");
      const node = this.#nodes.get(at);
      if (!node) throw new Error(`no node ${at}`);
      at = await node.run(execution.state ?? state);
    }
    return execution.state?.lastResponse?.text ?? "";
  }
}

export function createDefaultGraph(): GraphRunner {
  return new GraphRunner([new ModelInvokeNode(), new ToolExecuteNode(), new FinalResponseNode()]);
}
