import { Injectable } from "../di/container.js";

type Handler<T> = (payload: T) => void;

// A typed publish/subscribe bus; one per session scope. ACP notifications,
// transcript writers and diagnostics all listen here.
@Injectable("eventBus", { scope: "session" })
export class EventBus<Events extends { [K in keyof Events]: unknown }> {
  private readonly handlers = new Map<keyof Events, Set<Handler<any>>>();
  private readonly history: Array<{ event: keyof Events; at: number }> = [];

  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    return () => this.off(event, handler);
  }

  once<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    const off = this.on(event, (payload) => {
      off();
      handler(payload);
    });
    return off;
  }

  off<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void {
    this.handlers.get(event)?.delete(handler);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    this.history.push({ event, at: Date.now() });
    if (this.history.length > 500) this.history.shift();
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        handler(payload);
      } catch {
        // a listener must never break the runtime
      }
    }
  }

  listenerCount(event: keyof Events): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}
