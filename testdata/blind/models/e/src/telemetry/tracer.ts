// src/telemetry/tracer.ts
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { EventBus, RuntimeEvent } from "../events/bus.js";

export enum SpanStatus {
  Unset = "unset",
  Ok = "ok",
  Error = "error",
}

export enum SpanKind {
  Internal = "internal",
  Client = "client",
  Server = "server",
}

export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: SpanKind;
  startTime: number;
  endTime?: number;
  status: SpanStatus;
  attributes: Record<string, string | number | boolean>;
  events: { name: string; time: number; attributes?: Record<string, unknown> }[];
}

export class Span {
  readonly record: SpanRecord;
  #ended = false;

  constructor(name: string, kind: SpanKind, parent: Span | undefined, private readonly tracer: Tracer) {
    this.record = {
      traceId: parent?.record.traceId ?? randomBytes(16).toString("hex"),
      spanId: randomBytes(8).toString("hex"),
      parentSpanId: parent?.record.spanId,
      name,
      kind,
      startTime: performance.now(),
      status: SpanStatus.Unset,
      attributes: {},
      events: [],
    };
  }

  setAttribute(key: string, value: string | number | boolean): this {
    this.record.attributes[key] = value;
    return this;
  }

  addEvent(name: string, attributes?: Record<string, unknown>): this {
    this.record.events.push({ name, time: performance.now(), attributes });
    return this;
  }

  setStatus(status: SpanStatus): this {
    this.record.status = status;
    return this;
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.record.endTime = performance.now();
    if (this.record.status === SpanStatus.Unset) this.record.status = SpanStatus.Ok;
    this.tracer.finish(this);
  }
}

export interface SpanExporter {
  export(spans: SpanRecord[]): Promise<void>;
  shutdown(): Promise<void>;
}

export class RingBufferExporter implements SpanExporter {
  readonly spans: SpanRecord[] = [];
  constructor(private readonly capacity = 2048) {}
  async export(spans: SpanRecord[]): Promise<void> {
    this.spans.push(...spans);
    if (this.spans.length > this.capacity) this.spans.splice(0, this.spans.length - this.capacity);
  }
  async shutdown(): Promise<void> {}
}

export class OtlpHttpExporter implements SpanExporter {
  constructor(private readonly endpoint: string, private readonly headers: Record<string, string> = {}) {}
  async export(spans: SpanRecord[]): Promise<void> {
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: "service.name", value: { stringValue: "kiro-agent-server" } }] },
          scopeSpans: [{ scope: { name: "@kiro/agent" }, spans }],
        },
      ],
    };
    await fetch(`${this.endpoint.replace(/\/$/, "")}/v1/traces`, {
      method: "POST",
      headers: { "content-type": "application/json", ...this.headers },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  }
  async shutdown(): Promise<void> {}
}

export class Tracer {
  readonly #storage = new AsyncLocalStorage<Span>();
  #pending: SpanRecord[] = [];
  #exporters: SpanExporter[] = [];
  #flushTimer?: NodeJS.Timeout;
  #bus?: EventBus;

  constructor(readonly serviceName: string) {}

  addExporter(exporter: SpanExporter): void {
    this.#exporters.push(exporter);
    if (!this.#flushTimer) {
      this.#flushTimer = setInterval(() => void this.flush(), 5_000);
      this.#flushTimer.unref();
    }
  }

  attachBus(bus: EventBus): void {
    this.#bus = bus;
    bus.on(RuntimeEvent.ToolFinished, (p) => this.current()?.addEvent("tool.finished", p));
  }

  current(): Span | undefined {
    return this.#storage.getStore();
  }

  startSpan(name: string, kind: SpanKind = SpanKind.Internal): Span {
    return new Span(name, kind, this.current(), this);
  }

  async withSpan<T>(name: string, fn: (span: Span) => Promise<T>, kind: SpanKind = SpanKind.Internal): Promise<T> {
    const span = this.startSpan(name, kind);
    return this.#storage.run(span, async () => {
      try {
        return await fn(span);
      } catch (err) {
        span.setStatus(SpanStatus.Error).addEvent("exception", { message: String((err as Error)?.message ?? err) });
        throw err;
      } finally {
        span.end();
      }
    });
  }

  finish(span: Span): void {
    if (this.#exporters.length === 0) return;
    this.#pending.push(span.record);
    if (this.#pending.length >= 256) void this.flush();
  }

  async flush(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    await Promise.all(this.#exporters.map((e) => e.export(batch).catch(() => undefined)));
  }

  get busAttached(): boolean {
    return this.#bus !== undefined;
  }
}

export const tracer = new Tracer("kiro-agent-server");

/**
 * Method decorator: runs the async method inside a span named `name`.
 * (experimentalDecorators: target, key, descriptor)
 */
export function traced(name: string, kind: SpanKind = SpanKind.Internal) {
  return function (_target: object, _key: string | symbol, descriptor: PropertyDescriptor): PropertyDescriptor {
    const original = descriptor.value as (...args: unknown[]) => Promise<unknown>;
    descriptor.value = function (this: unknown, ...args: unknown[]) {
      return tracer.withSpan(name, () => original.apply(this, args), kind);
    };
    return descriptor;
  };
}

/** Counters and histograms, kept in memory and exported with the spans' flush. */
export class Metrics {
  static readonly #counters = new Map<string, number>();
  static readonly #histograms = new Map<string, number[]>();

  static increment(name: string, by = 1): void {
    Metrics.#counters.set(name, (Metrics.#counters.get(name) ?? 0) + by);
  }

  static observe(name: string, value: number): void {
    let h = Metrics.#histograms.get(name);
    if (!h) Metrics.#histograms.set(name, (h = []));
    h.push(value);
    if (h.length > 1000) h.shift();
  }

  static snapshot(): { counters: Record<string, number>; histograms: Record<string, { count: number; p50: number }> } {
    const histograms: Record<string, { count: number; p50: number }> = {};
    for (const [k, v] of Metrics.#histograms) {
      const sorted = [...v].sort((a, b) => a - b);
      histograms[k] = { count: v.length, p50: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    }
    return { counters: Object.fromEntries(Metrics.#counters), histograms };
  }
}
