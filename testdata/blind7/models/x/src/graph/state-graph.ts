// src/graph/state-graph.ts: a minimal compiled state graph (nodes are async state -> state functions).
export const END = "__end__";

export type NodeFunction<S> = (state: S) => Promise<S>;
export type Router<S> = (state: S) => string;

export interface CompiledGraph<S> {
  invoke(state: S, options?: { signal?: AbortSignal; recursionLimit?: number }): Promise<S>;
}

export class GraphRecursionError extends Error {}
export class GraphCancelledError extends Error {}

export class StateGraph<S> {
  #nodes = new Map<string, NodeFunction<S>>();
  #routers = new Map<string, Router<S>>();
  #entryPoint: string | undefined;

  addNode(name: string, fn: NodeFunction<S>): this {
    if (this.#nodes.has(name)) throw new Error(`node ${name} already exists`);
    this.#nodes.set(name, fn);
    return this;
  }

  addEdge(from: string, to: string): this {
    this.#routers.set(from, () => to);
    return this;
  }

  addConditionalEdges(from: string, router: Router<S>): this {
    this.#routers.set(from, router);
    return this;
  }

  setEntryPoint(name: string): this {
    this.#entryPoint = name;
    return this;
  }

  compile(): CompiledGraph<S> {
    const nodes = new Map(this.#nodes);
    const routers = new Map(this.#routers);
    const entry = this.#entryPoint;
    if (!entry || !nodes.has(entry)) throw new Error("graph has no entry point");
    return {
      async invoke(initial, options = {}) {
        const limit = options.recursionLimit ?? 100;
        let state = initial;
        let current = entry;
        for (let step = 0; current !== END; step++) {
          if (step >= limit) throw new GraphRecursionError(`recursion limit ${limit} reached at ${current}`);
          if (options.signal?.aborted) throw new GraphCancelledError("cancelled");
          const node = nodes.get(current);
          if (!node) throw new Error(`unknown node ${current}`);
          state = await node(state);
          const route = routers.get(current);
          current = route ? route(state) : END;
        }
        return state;
      },
    };
  }
}
