// src/events/bus.ts
export enum RuntimeEvent {
  SessionCreated = "session.created",
  TurnStarted = "turn.started",
  TurnEnded = "turn.ended",
  ExecutionStarted = "execution.started",
  ExecutionFinished = "execution.finished",
  ModelInvoked = "model.invoked",
  ToolStarted = "tool.started",
  ToolFinished = "tool.finished",
  SteeringQueued = "steering.queued",
  SteeringInjected = "steering.injected",
  SteeringCleared = "steering.cleared",
  MemoryExtracted = "memory.extracted",
}

export interface RuntimeEventPayloads {
  [RuntimeEvent.SessionCreated]: { sessionId: string };
  [RuntimeEvent.TurnStarted]: { sessionId: string; turn: number };
  [RuntimeEvent.TurnEnded]: { sessionId: string; turn: number; stopReason: string };
  [RuntimeEvent.ExecutionStarted]: { executionId: string; agentName: string; depth: number };
  [RuntimeEvent.ExecutionFinished]: { executionId: string; agentName: string; steps: number };
  [RuntimeEvent.ModelInvoked]: { executionId: string; contextSize: number };
  [RuntimeEvent.ToolStarted]: { executionId: string; tool: string };
  [RuntimeEvent.ToolFinished]: { executionId: string; tool: string; ok: boolean };
  [RuntimeEvent.SteeringQueued]: { messageId: string; kind: string };
  [RuntimeEvent.SteeringInjected]: { messageId: string; executionId: string };
  [RuntimeEvent.SteeringCleared]: { messageIds: string[]; reason: string };
  [RuntimeEvent.MemoryExtracted]: { executionId: string; memories: number };
}

type Listener<E extends RuntimeEvent> = (payload: RuntimeEventPayloads[E]) => void;

/** A small synchronous event bus. Listener errors are isolated from the emitter. */
export class EventBus {
  #listeners = new Map<RuntimeEvent, Set<Listener<any>>>();
  #wildcard = new Set<(event: RuntimeEvent, payload: unknown) => void>();
  #emitted = 0;

  on<E extends RuntimeEvent>(event: E, listener: Listener<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => set!.delete(listener);
  }

  onAny(listener: (event: RuntimeEvent, payload: unknown) => void): () => void {
    this.#wildcard.add(listener);
    return () => this.#wildcard.delete(listener);
  }

  once<E extends RuntimeEvent>(event: E, listener: Listener<E>): () => void {
    const off = this.on(event, (p) => {
      off();
      listener(p);
    });
    return off;
  }

  emit<E extends RuntimeEvent>(event: E, payload: RuntimeEventPayloads[E]): void {
    this.#emitted++;
    for (const l of this.#listeners.get(event) ?? []) {
      try {
        l(payload);
      } catch {
        // a listener must never break the runtime
      }
    }
    for (const l of this.#wildcard) {
      try {
        l(event, payload);
      } catch {
        /* ignore */
      }
    }
  }

  get emittedCount(): number {
    return this.#emitted;
  }
}
