// Tiny in-process counters; the real server ships these to telemetry at session end.
export class Counters {
  private readonly values = new Map<string, number>();

  increment(name: string, by = 1): void {
    this.values.set(name, (this.values.get(name) ?? 0) + by);
  }

  read(name: string): number {
    return this.values.get(name) ?? 0;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.values);
  }
}
