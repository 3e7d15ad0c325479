// A small in-process tracer; spans are exported in batches by the telemetry uploader when enabled.

export interface SpanRecord {
  name: string;
  attributes: Record<string, string | number | boolean>;
  startTime: number;
  durationMs: number;
  status: "ok" | "error";
}

const MAX_BUFFERED_SPANS = 1_000;
const finished: SpanRecord[] = [];

export const tracer = {
  enabled: process.env.KIRO_TELEMETRY !== "off",

  async span<T>(name: string, attributes: SpanRecord["attributes"], work: () => Promise<T>): Promise<T> {
    if (!this.enabled) return work();
    const startTime = Date.now();
    const started = performance.now();
    let status: SpanRecord["status"] = "ok";
    try {
      return await work();
    } catch (err) {
      status = "error";
      throw err;
    } finally {
      finished.push({ name, attributes, startTime, durationMs: performance.now() - started, status });
      if (finished.length > MAX_BUFFERED_SPANS) finished.shift();
    }
  },

  drainFinished(): SpanRecord[] {
    return finished.splice(0, finished.length);
  },
};
