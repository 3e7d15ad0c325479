export const END = "__end__";

type GraphNode<S> = (state: S) => Promise<S>;
type Router<S> = (state: S) => string;

export class GraphRecursionError extends Error {
  constructor(limit: number) {
    super(`Recursion limit of ${limit} reached without hitting a stop condition`);
    this.name = "GraphRecursionError";
  }
}

/** A minimal state graph: nodes transform state, edges pick the next node. */
export class StateGraph<S> {
  private readonly nodes = new Map<string, GraphNode<S>>();
  private readonly edges = new Map<string, Router<S>>();
  private entryPoint: string | undefined;

  addNode(name: string, node: GraphNode<S>): this {
    this.nodes.set(name, node);
    return this;
  }

  setEntryPoint(name: string): this {
    this.entryPoint = name;
    return this;
  }

  addEdge(from: string, to: string): this {
    this.edges.set(from, () => to);
    return this;
  }

  addConditionalEdges(from: string, router: Router<S>): this {
    this.edges.set(from, router);
    return this;
  }

  compile(recursionLimit: number) {
    const { nodes, edges, entryPoint } = this;
    if (!entryPoint) throw new Error("graph has no entry point");
    return {
      async invoke(initial: S): Promise<S> {
        let state = initial;
        let current = entryPoint;
        for (let step = 0; current !== END; step++) {
          if (step >= recursionLimit) throw new GraphRecursionError(recursionLimit);
          const node = nodes.get(current);
          if (!node) throw new Error(`unknown graph node ${current}`);
          state = await node(state);
          const route = edges.get(current);
          current = route ? route(state) : END;
        }
        return state;
      },
    };
  }
}
