// src/events/event-bus.ts: a small typed event bus; session updates and lifecycle events go through it.
type Listener<T> = (payload: T) => void;

export interface SessionInfoUpdate {
  sessionUpdate: "session_info_update";
  _meta: { kiro: { kind: "steering_queued" | "steering_injected" | "steering_cleared"; messageIds: string[]; reason?: string } };
}

export interface ServerEvents {
  "session/update": { sessionId: string; update: SessionInfoUpdate };
  "execution/started": { executionId: string; agentName: string; depth: number };
  "execution/finished": { executionId: string; agentName: string; ok: boolean };
}

export class EventBus<E extends { [K in keyof E]: unknown }> {
  #listeners = new Map<keyof E, Set<Listener<any>>>();
  #emitted = 0;

  on<K extends keyof E>(event: K, listener: Listener<E[K]>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => set!.delete(listener);
  }

  emit<K extends keyof E>(event: K, payload: E[K]): void {
    this.#emitted++;
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(payload);
      } catch {
        // a listener must never break the emitter
      }
    }
  }

  get emittedCount(): number {
    return this.#emitted;
  }
}

// the ACP event adapter: forwards updates for the execution that owns the client-visible stream
export class AcpEventAdapter {
  #ownedExecutionId: string | undefined;
  readonly outbox: Array<{ sessionId: string; update: SessionInfoUpdate }> = [];

  constructor(private readonly bus: EventBus<ServerEvents>) {
    this.bus.on("session/update", (u) => this.outbox.push(u));
  }

  setOwnedExecutionId(executionId: string): void {
    this.#ownedExecutionId = executionId;
  }

  get ownedExecutionId(): string | undefined {
    return this.#ownedExecutionId;
  }
}
