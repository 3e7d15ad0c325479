// Minimal counters exported over the `_kiro/metrics` ext method.

const counters = new Map<string, number>();

export function incrementCounter(name: string, by = 1): void {
  counters.set(name, (counters.get(name) ?? 0) + by);
}

export function snapshotCounters(): Record<string, number> {
  return Object.fromEntries(counters);
}
