// Minimal dependency-injection container: classes declare their token with @Injectable and
// their constructor dependencies with @Inject; each session gets a child container.
export type Token<T = unknown> = symbol & { readonly __type?: T };

export function token<T>(description: string): Token<T> {
  return Symbol(description) as Token<T>;
}

interface ProviderRecord {
  ctor: new (...args: any[]) => unknown;
  deps: Token[];
  scope: "session" | "global";
}

const providers = new Map<Token, ProviderRecord>();
const pendingDeps = new WeakMap<Function, Token[]>();

export function Injectable(tok: Token, scope: "session" | "global" = "session") {
  return function (target: new (...args: any[]) => unknown) {
    providers.set(tok, { ctor: target, deps: pendingDeps.get(target) ?? [], scope });
  };
}

export function Inject(tok: Token) {
  return function (target: Function, _key: string | symbol | undefined, index: number) {
    const deps = pendingDeps.get(target) ?? [];
    deps[index] = tok;
    pendingDeps.set(target, deps);
  };
}

export class Container {
  private readonly instances = new Map<Token, unknown>();
  constructor(private readonly parent?: Container) {}

  provide<T>(tok: Token<T>, value: T): this {
    this.instances.set(tok, value);
    return this;
  }

  resolve<T>(tok: Token<T>): T {
    if (this.instances.has(tok)) return this.instances.get(tok) as T;
    const record = providers.get(tok);
    if (!record) {
      if (this.parent) return this.parent.resolve(tok);
      throw new Error(`no provider for ${String(tok.description)}`);
    }
    if (record.scope === "global" && this.parent) return this.parent.resolve(tok);
    const args = record.deps.map((dep) => this.resolve(dep));
    const instance = new record.ctor(...args);
    this.instances.set(tok, instance);
    return instance as T;
  }
}

export const rootContainer = new Container();
