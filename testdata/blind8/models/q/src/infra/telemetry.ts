// Tracing and metrics. Services mark their methods with @traced / @counted; spans are kept
// in a ring buffer that the diagnostics endpoint and the crash reporter read.
export interface Span {
  readonly name: string;
  readonly startedAt: number;
  durationMs?: number;
  status?: "ok" | "error";
  error?: string;
}

export class Tracer {
  readonly spans: Span[] = [];
  #capacity: number;
  #enabled = process.env.KAS_TRACING !== "0";

  constructor(capacity = 4_096) {
    this.#capacity = capacity;
  }

  start(name: string): Span | undefined {
    if (!this.#enabled) return undefined;
    return { name, startedAt: performance.now() };
  }

  finish(span: Span | undefined, error?: unknown): void {
    if (!span) return;
    span.durationMs = performance.now() - span.startedAt;
    span.status = error === undefined ? "ok" : "error";
    if (error !== undefined) span.error = error instanceof Error ? error.message : String(error);
    this.spans.push(span);
    if (this.spans.length > this.#capacity) this.spans.splice(0, this.spans.length - this.#capacity);
  }

  summary(): Record<string, { count: number; errors: number; totalMs: number }> {
    const out: Record<string, { count: number; errors: number; totalMs: number }> = {};
    for (const span of this.spans) {
      const row = (out[span.name] ??= { count: 0, errors: 0, totalMs: 0 });
      row.count++;
      if (span.status === "error") row.errors++;
      row.totalMs += span.durationMs ?? 0;
    }
    return out;
  }
}

export const tracer = new Tracer();
export const counters = new Map<string, number>();

type AnyMethod = (this: unknown, ...args: unknown[]) => unknown;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** Records a span around every call of the decorated method (sync or async). */
export function traced(spanName: string) {
  return function (_target: object, _property: string | symbol, descriptor: PropertyDescriptor): void {
    const original = descriptor.value as AnyMethod;
    descriptor.value = function (this: unknown, ...args: unknown[]) {
      const span = tracer.start(spanName);
      let result: unknown;
      try {
        result = original.apply(this, args);
      } catch (error) {
        tracer.finish(span, error);
        throw error;
      }
      if (!isThenable(result)) {
        tracer.finish(span);
        return result;
      }
      return Promise.resolve(result).then(
        (value) => {
          tracer.finish(span);
          return value;
        },
        (error: unknown) => {
          tracer.finish(span, error);
          throw error;
        },
      );
    };
  };
}

/** Increments a counter each time the decorated method is called. */
export function counted(metric: string) {
  return function (_target: object, _property: string | symbol, descriptor: PropertyDescriptor): void {
    const original = descriptor.value as AnyMethod;
    descriptor.value = function (this: unknown, ...args: unknown[]) {
      counters.set(metric, (counters.get(metric) ?? 0) + 1);
      return original.apply(this, args);
    };
  };
}
