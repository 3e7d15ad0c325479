import { EventEmitter } from "node:events";

export type Listener<P> = (payload: P) => unknown;

/** An EventEmitter whose listeners may be awaited one after another, in registration order. */
export class AsyncEmitter<Events extends Record<string, unknown>> extends EventEmitter {
  on<K extends keyof Events & string>(event: K, listener: Listener<Events[K]>): this {
    return super.on(event, listener as (...args: unknown[]) => void);
  }

  async emitSerial<K extends keyof Events & string>(event: K, payload: Events[K]): Promise<void> {
    for (const listener of this.listeners(event)) {
      await (listener as Listener<Events[K]>)(payload);
    }
  }
}
