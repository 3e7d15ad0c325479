import { createLogger } from "../util/logger";
import { GraphNode, type AgentGraphState, type EdgeRouter, type GraphNodeName, type NodeHandler } from "./nodes";

const log = createLogger("AgentGraph");

export class AgentGraph {
  #nodes = new Map<GraphNodeName, NodeHandler>();
  #edges = new Map<GraphNodeName, EdgeRouter>();

  constructor(readonly maxSteps = 60) {}

  addNode(name: GraphNodeName, handler: NodeHandler): this {
    this.#nodes.set(name, handler);
    return this;
  }

  addEdge(from: GraphNodeName, router: EdgeRouter): this {
    this.#edges.set(from, router);
    return this;
  }

  async invoke(initial: AgentGraphState, entry: GraphNodeName = GraphNode.MODEL_INVOKE): Promise<AgentGraphState> {
    let state = initial;
    let current: GraphNodeName = entry;
    for (let step = 0; step < this.maxSteps; step++) {
      if (current === GraphNode.END) return state;
      const handler = this.#nodes.get(current);
      if (!handler) throw new Error(`graph has no node ${current}`);
      state = await handler(state);
      state.execution.abortController.signal.throwIfAborted();
      const route = this.#edges.get(current);
      current = route ? route(state) : GraphNode.END;
    }
    log.warn(`step limit (${this.maxSteps}) reached in ${initial.execution.agentName}`);
    return state;
  }
}
