// Typed in-process event bus. `emit` calls listeners synchronously and isolates their
// failures; `emitSerial` awaits async listeners one after another.
import { log } from "./log.js";

type Listener<P> = (payload: P) => unknown;

export class EventBus<Events extends object> {
  #listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => {
      set?.delete(listener as Listener<never>);
    };
  }

  once<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const off = this.on(event, (payload) => {
      off();
      return listener(payload);
    });
    return off;
  }

  listenerCount(event: keyof Events): number {
    return this.#listeners.get(event)?.size ?? 0;
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        const result = (listener as Listener<Events[K]>)(payload);
        if (result instanceof Promise) {
          result.catch((error) => log.error(`[EventBus] async listener for ${String(event)} failed`, error));
        }
      } catch (error) {
        log.error(`[EventBus] listener for ${String(event)} failed`, error);
      }
    }
  }

  async emitSerial<K extends keyof Events>(event: K, payload: Events[K]): Promise<void> {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      await (listener as Listener<Events[K]>)(payload);
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}
