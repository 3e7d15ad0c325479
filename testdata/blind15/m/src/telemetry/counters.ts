export type CounterName =
  | "steering.queued"
  | "steering.injected"
  | "steering.cleared"
  | "execution.started"
  | "execution.finished"
  | "subagent.spawned"
  | "memory.extraction";

/** Cheap in-process counters, flushed by the telemetry reporter when one is configured. */
export class TelemetryCounters {
  #values = new Map<CounterName, number>();
  #listeners: Array<(name: CounterName, value: number) => void> = [];

  increment(name: CounterName, by = 1): number {
    const next = (this.#values.get(name) ?? 0) + by;
    this.#values.set(name, next);
    for (const listener of this.#listeners) listener(name, next);
    return next;
  }

  get(name: CounterName): number {
    return this.#values.get(name) ?? 0;
  }

  onChange(listener: (name: CounterName, value: number) => void): () => void {
    this.#listeners.push(listener);
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.#values);
  }
}
