// Minimal async event bus: listeners run in registration order and are awaited.
export class AsyncEvents {
  #listeners = new Map();

  on(name, listener) {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener);
    this.#listeners.set(name, list);
    return () => this.off(name, listener);
  }

  off(name, listener) {
    const list = this.#listeners.get(name);
    if (list) this.#listeners.set(name, list.filter((l) => l !== listener));
  }

  async emit(name, payload) {
    const results = [];
    for (const listener of this.#listeners.get(name) ?? []) results.push(await listener(payload));
    return results;
  }
}
