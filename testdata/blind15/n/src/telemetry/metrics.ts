/** Counters and simple duration summaries, exported with the session's telemetry batch. */
export class SessionMetrics {
  private readonly counters: Record<string, number> = Object.create(null);
  private readonly durations: Record<string, number[]> = Object.create(null);

  count(name: string, delta = 1): void {
    this.counters[name] = (this.counters[name] || 0) + delta;
  }

  time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    return work().finally(() => {
      (this.durations[name] = this.durations[name] || []).push(Date.now() - started);
    });
  }

  toJSON() {
    const summary: Record<string, { n: number; max: number }> = {};
    for (const [name, list] of Object.entries(this.durations)) summary[name] = { n: list.length, max: Math.max(...list) };
    return { counters: { ...this.counters }, durations: summary };
  }
}
