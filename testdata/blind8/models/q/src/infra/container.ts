// A small dependency-injection container: typed tokens, factories with a lifetime, and
// child scopes (one per ACP session) that inherit the application's registrations.
export interface Token<T> {
  readonly id: symbol;
  readonly description: string;
  /** Phantom field carrying the resolved type. */
  readonly __type?: T;
}

export function createToken<T>(description: string): Token<T> {
  return { id: Symbol(description), description };
}

export type Lifetime = "singleton" | "scoped" | "transient";

interface Registration<T> {
  factory: (container: Container) => T;
  lifetime: Lifetime;
  owner: Container;
}

export class ResolutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResolutionError";
  }
}

export class Container {
  #registrations = new Map<symbol, Registration<unknown>>();
  #instances = new Map<symbol, unknown>();
  #resolving = new Set<symbol>();
  #disposers: Array<() => void> = [];

  constructor(readonly parent?: Container, readonly label = "root") {}

  register<T>(token: Token<T>, factory: (container: Container) => T, lifetime: Lifetime = "singleton"): this {
    this.#registrations.set(token.id, { factory, lifetime, owner: this });
    return this;
  }

  registerValue<T>(token: Token<T>, value: T): this {
    this.#registrations.set(token.id, { factory: () => value, lifetime: "singleton", owner: this });
    this.#instances.set(token.id, value);
    return this;
  }

  has(token: Token<unknown>): boolean {
    return this.#find(token.id) !== undefined;
  }

  resolve<T>(token: Token<T>): T {
    const registration = this.#find(token.id) as Registration<T> | undefined;
    if (!registration) throw new ResolutionError(`no provider for ${token.description} in scope ${this.label}`);
    const cache =
      registration.lifetime === "transient" ? undefined : registration.lifetime === "scoped" ? this : registration.owner;
    if (cache && cache.#instances.has(token.id)) return cache.#instances.get(token.id) as T;
    if (this.#resolving.has(token.id)) throw new ResolutionError(`circular dependency on ${token.description}`);
    this.#resolving.add(token.id);
    try {
      const instance = registration.factory(cache ?? this);
      if (cache) cache.#instances.set(token.id, instance);
      return instance;
    } finally {
      this.#resolving.delete(token.id);
    }
  }

  /** Defers resolution: for services that need each other. */
  lazy<T>(token: Token<T>): () => T {
    let value: T | undefined;
    return () => (value ??= this.resolve(token));
  }

  createScope(label: string): Container {
    return new Container(this, label);
  }

  onDispose(disposer: () => void): void {
    this.#disposers.push(disposer);
  }

  dispose(): void {
    for (const disposer of this.#disposers.splice(0).reverse()) {
      try {
        disposer();
      } catch {
        // disposal is best effort
      }
    }
    this.#instances.clear();
  }

  #find(id: symbol): Registration<unknown> | undefined {
    return this.#registrations.get(id) ?? (this.parent ? this.parent.#find(id) : undefined);
  }
}
