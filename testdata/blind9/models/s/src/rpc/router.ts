// JSON-RPC method table for ACP extension methods. Each route declares the params it
// reads; the router validates them before the handler runs.

export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

export const RPC_INVALID_PARAMS = -32602;
export const RPC_METHOD_NOT_FOUND = -32601;

type ParamType = "string" | "number" | "boolean" | "object";

export interface Route<C> {
  readonly method: string;
  readonly params: Readonly<Record<string, { type: ParamType; optional?: boolean }>>;
  readonly handler: (params: Record<string, unknown>, ctx: C) => unknown | Promise<unknown>;
  readonly description?: string;
}

/** Wraps every dispatch, outermost first; call next() to continue the chain. */
export type RpcMiddleware<C> = (call: { method: string; params: Record<string, unknown>; ctx: C }, next: () => Promise<unknown>) => Promise<unknown>;

export interface RouteStats {
  calls: number;
  errors: number;
  totalMs: number;
  lastError?: string;
}

export class RpcRouter<C> {
  private readonly table = new Map<string, Route<C>>();
  private readonly calls = new Map<string, number>();
  private readonly middleware: RpcMiddleware<C>[] = [];
  private readonly stats = new Map<string, RouteStats>();

  use(mw: RpcMiddleware<C>): this {
    this.middleware.push(mw);
    return this;
  }

  describe(): Array<{ method: string; params: string[]; description?: string }> {
    return this.methods().map((method) => {
      const route = this.table.get(method)!;
      const params = Object.entries(route.params).map(([name, spec]) => `${name}${spec.optional ? "?" : ""}: ${spec.type}`);
      return { method, params, description: route.description };
    });
  }

  statsFor(method: string): RouteStats | undefined {
    return this.stats.get(method);
  }

  register(route: Route<C>): this {
    if (this.table.has(route.method)) throw new Error(`duplicate route ${route.method}`);
    this.table.set(route.method, Object.freeze(route));
    return this;
  }

  methods(): string[] {
    return [...this.table.keys()].sort();
  }

  callCount(method: string): number {
    return this.calls.get(method) ?? 0;
  }

  private validate(route: Route<C>, params: Record<string, unknown>): Record<string, unknown> {
    const picked: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(route.params)) {
      const value = params[name];
      if (value === undefined) {
        if (!spec.optional) throw new RpcError(RPC_INVALID_PARAMS, `${route.method}: missing ${name}`);
        continue;
      }
      if (typeof value !== spec.type) throw new RpcError(RPC_INVALID_PARAMS, `${route.method}: ${name} must be ${spec.type}`);
      picked[name] = value;
    }
    return picked;
  }

  async dispatch(method: string, params: unknown, ctx: C): Promise<unknown> {
    const route = this.table.get(method);
    if (!route) throw new RpcError(RPC_METHOD_NOT_FOUND, `Method not found: ${method}`);
    const raw = params && typeof params === "object" ? (params as Record<string, unknown>) : {};
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
    const params_ = this.validate(route, raw);
    const stats = this.stats.get(method) ?? { calls: 0, errors: 0, totalMs: 0 };
    this.stats.set(method, stats);
    const started = performance.now();
    const chain = this.middleware;
    const step = async (i: number): Promise<unknown> =>
      i < chain.length ? chain[i]({ method, params: params_, ctx }, () => step(i + 1)) : route.handler(params_, ctx);
    try {
      return await step(0);
    } catch (err) {
      stats.errors += 1;
      stats.lastError = err instanceof Error ? err.message : String(err);
      throw err instanceof RpcError ? err : new RpcError(-32603, stats.lastError);
    } finally {
      stats.calls += 1;
      stats.totalMs += performance.now() - started;
    }
  }
}
