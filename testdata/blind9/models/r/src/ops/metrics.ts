// In-process metrics registry: monotonic counters, gauges and fixed-bucket histograms.
// Snapshots are pulled by the telemetry flush task; nothing is pushed from here.

export type Labels = Readonly<Record<string, string | number>>;

function labelKey(labels: Labels | undefined): string {
  if (!labels) return "";
  const keys = Object.keys(labels).sort();
  return keys.map((k) => `${k}=${String(labels[k])}`).join(",");
}

export class Counter {
  private readonly values = new Map<string, number>();
  constructor(readonly name: string, readonly help: string) {}

  inc(labels?: Labels, by = 1): void {
    if (by < 0) throw new RangeError(`counter ${this.name} cannot decrease`);
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  get(labels?: Labels): number {
    return this.values.get(labelKey(labels)) ?? 0;
  }

  entries(): Array<[string, number]> {
    return [...this.values.entries()];
  }
}

export class Gauge {
  private readonly values = new Map<string, number>();
  constructor(readonly name: string, readonly help: string) {}

  set(value: number, labels?: Labels): void {
    this.values.set(labelKey(labels), value);
  }

  add(delta: number, labels?: Labels): void {
    const key = labelKey(labels);
    this.values.set(key, (this.values.get(key) ?? 0) + delta);
  }

  entries(): Array<[string, number]> {
    return [...this.values.entries()];
  }
}

export class Histogram {
  private readonly counts: number[];
  private sum = 0;
  private total = 0;
  constructor(readonly name: string, readonly help: string, readonly buckets: readonly number[] = [5, 25, 100, 250, 1000, 5000]) {
    this.counts = new Array(buckets.length + 1).fill(0);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.buckets.length && value > this.buckets[i]) i++;
    this.counts[i] += 1;
    this.sum += value;
    this.total += 1;
  }

  summary(): { count: number; sum: number; buckets: Array<[string, number]> } {
    const labels = this.buckets.map((b) => `le${b}`).concat("inf");
    return { count: this.total, sum: this.sum, buckets: labels.map((l, i) => [l, this.counts[i]]) };
  }
}

export class MetricsRegistry {
  private readonly counters = new Map<string, Counter>();
  private readonly gauges = new Map<string, Gauge>();
  private readonly histograms = new Map<string, Histogram>();

  counter(name: string, help = ""): Counter {
    let c = this.counters.get(name);
    if (!c) this.counters.set(name, (c = new Counter(name, help)));
    return c;
  }

  gauge(name: string, help = ""): Gauge {
    let g = this.gauges.get(name);
    if (!g) this.gauges.set(name, (g = new Gauge(name, help)));
    return g;
  }

  histogram(name: string, help = "", buckets?: readonly number[]): Histogram {
    let h = this.histograms.get(name);
    if (!h) this.histograms.set(name, (h = new Histogram(name, help, buckets)));
    return h;
  }

  snapshot(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, c] of this.counters) out[name] = Object.fromEntries(c.entries());
    for (const [name, g] of this.gauges) out[name] = Object.fromEntries(g.entries());
    for (const [name, h] of this.histograms) out[name] = h.summary();
    return out;
  }
}

export const metrics = new MetricsRegistry();

export const steeringMetrics = {
  queued: metrics.counter("kas_steering_queued_total", "steering messages appended to a session buffer"),
  injected: metrics.counter("kas_steering_injected_total", "steering messages queued into an execution prompt"),
  cleared: metrics.counter("kas_steering_cleared_total", "steering buffer clears by reason"),
  executions: metrics.gauge("kas_live_executions", "executions currently running"),
  modelLatency: metrics.histogram("kas_model_invoke_ms", "model invoke latency in milliseconds"),
};
