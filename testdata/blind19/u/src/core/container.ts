// A tiny service container: factories are registered by token and resolved lazily, once.
export type Factory<T> = (c: ServiceContainer) => T;

export class ServiceContainer {
  #factories = new Map<string, Factory<unknown>>();
  #instances = new Map<string, unknown>();

  register<T>(token: string, factory: Factory<T>): this {
    this.#factories.set(token, factory);
    this.#instances.delete(token);
    return this;
  }

  value<T>(token: string, instance: T): this {
    this.#instances.set(token, instance);
    return this;
  }

  resolve<T>(token: string): T {
    if (this.#instances.has(token)) return this.#instances.get(token) as T;
    const factory = this.#factories.get(token);
    if (!factory) throw new Error(`service not registered: ${token}`);
    const made = factory(this) as T;
    this.#instances.set(token, made);
    return made;
  }
}

export const Tokens = {
  Steering: "steering.buffer",
  Events: "acp.eventAdapter",
  Model: "llm.model",
  Session: "session",
  Memory: "memory.extractor",
  Tools: "tools.registry",
  Runner: "graph.runner",
} as const;
