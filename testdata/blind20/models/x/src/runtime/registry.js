// Lazily constructed session services.
export class ServiceRegistry {
  #factories = new Map();
  #instances = new Map();

  register(key, factory) {
    this.#factories.set(key, factory);
    return this;
  }

  get(key) {
    if (!this.#instances.has(key)) {
      const factory = this.#factories.get(key);
      if (!factory) throw new Error(`service not registered: ${key}`);
      this.#instances.set(key, factory(this));
    }
    return this.#instances.get(key);
  }

  has(key) {
    return this.#factories.has(key);
  }
}
