// A minimal state graph: named nodes, plain edges and conditional edges, compiled into an
// invoker that walks from the entry node until it reaches END.
export const END = "__end__";

export type NodeFn<S> = (state: S) => Promise<S>;
export type Router<S> = (state: S) => string;

interface ConditionalEdge<S> {
  route: Router<S>;
  targets: Record<string, string>;
}

export interface CompiledGraph<S> {
  invoke(state: S, options?: { recursionLimit?: number; signal?: AbortSignal }): Promise<S>;
}

export class GraphRecursionError extends Error {
  constructor(limit: number) {
    super(`graph recursion limit of ${limit} reached`);
    this.name = "GraphRecursionError";
  }
}

export class StateGraph<S> {
  private nodes: Map<string, NodeFn<S>>;
  private edges: Map<string, string>;
  private conditionalEdges: Map<string, ConditionalEdge<S>>;
  private entryPoint: string | undefined;

  constructor() {
    this.nodes = new Map();
    this.edges = new Map();
    this.conditionalEdges = new Map();
    this.entryPoint = undefined;
  }

  addNode(name: string, fn: NodeFn<S>): this {
    if (this.nodes.has(name)) throw new Error(`node ${name} already defined`);
    this.nodes.set(name, fn);
    return this;
  }

  addEdge(from: string, to: string): this {
    this.edges.set(from, to);
    return this;
  }

  addConditionalEdges(from: string, route: Router<S>, targets: Record<string, string>): this {
    this.conditionalEdges.set(from, { route, targets });
    return this;
  }

  setEntryPoint(name: string): this {
    this.entryPoint = name;
    return this;
  }

  compile(): CompiledGraph<S> {
    const entry = this.entryPoint;
    if (!entry || !this.nodes.has(entry)) throw new Error("graph has no entry point");
    for (const [from, edge] of this.conditionalEdges) {
      for (const target of Object.values(edge.targets)) {
        if (target !== END && !this.nodes.has(target)) throw new Error(`edge ${from} -> ${target}: unknown node`);
      }
    }
    const nodes = new Map(this.nodes);
    const edges = new Map(this.edges);
    const conditional = new Map(this.conditionalEdges);
    return {
      async invoke(initial, options = {}) {
        const limit = options.recursionLimit ?? 50;
        let state = initial;
        let current = entry;
        for (let step = 0; current !== END; step++) {
          if (step >= limit) throw new GraphRecursionError(limit);
          options.signal?.throwIfAborted();
          const node = nodes.get(current);
          if (!node) throw new Error(`unknown node ${current}`);
          state = await node(state);
          const branch = conditional.get(current);
          if (branch) {
            const key = branch.route(state);
            const target = branch.targets[key];
            if (target === undefined) throw new Error(`node ${current}: router returned unmapped key ${key}`);
            current = target;
          } else {
            current = edges.get(current) ?? END;
          }
        }
        return state;
      },
    };
  }
}
