// A small dependency-injection container. Services declare themselves with
// @Injectable(token, ...dependencyTokens); a session scope is a child container
// so each session gets its own steering buffer and bus, while the process-wide
// services (logger, tool dispatcher) are shared from the root scope.

type Ctor<T = unknown> = new (...args: any[]) => T;

interface Registration {
  ctor: Ctor;
  deps: string[];
  scope: "root" | "session";
}

const registrations = new Map<string, Registration>();

export function Injectable(token: string, options: { scope?: "root" | "session"; deps?: string[] } = {}) {
  return function <T extends Ctor>(ctor: T): T {
    if (registrations.has(token)) throw new Error(`duplicate injectable token ${token}`);
    registrations.set(token, { ctor, deps: options.deps ?? [], scope: options.scope ?? "root" });
    return ctor;
  };
}

export class Container {
  private readonly instances = new Map<string, unknown>();
  private readonly resolving = new Set<string>();

  constructor(private readonly parent?: Container, readonly scopeName: "root" | "session" = "root") {}

  provide<T>(token: string, value: T): this {
    this.instances.set(token, value);
    return this;
  }

  has(token: string): boolean {
    return this.instances.has(token) || (this.parent?.has(token) ?? false);
  }

  resolve<T>(token: string): T {
    const own = this.instances.get(token);
    if (own !== undefined) return own as T;
    const reg = registrations.get(token);
    if (!reg) {
      if (this.parent) return this.parent.resolve<T>(token);
      throw new Error(`no provider for ${token}`);
    }
    if (reg.scope === "root" && this.parent) return this.parent.resolve<T>(token);
    if (reg.scope === "session" && this.scopeName !== "session") throw new Error(`${token} is session-scoped`);
    if (this.resolving.has(token)) throw new Error(`circular dependency on ${token}`);
    this.resolving.add(token);
    try {
      const args = reg.deps.map((d) => this.resolve(d));
      const instance = new reg.ctor(...args);
      this.instances.set(token, instance);
      return instance as T;
    } finally {
      this.resolving.delete(token);
    }
  }

  createScope(): Container {
    return new Container(this, "session");
  }
}

export const rootContainer = new Container();
