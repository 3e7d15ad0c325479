// Minimal tracing: every execution and tool call gets a span; nested spans carry their depth.
export interface SpanOptions {
  name: string;
  parent?: Span;
  attributes?: Record<string, string | number | boolean>;
}

export class Span {
  readonly name: string;
  readonly depth: number;
  readonly parent: Span | undefined;
  readonly attributes: Record<string, string | number | boolean>;
  readonly startedAt = performance.now();
  endedAt: number | undefined;

  constructor(options: SpanOptions) {
    this.name = options.name;
    this.parent = options.parent;
    this.depth = options.parent ? options.parent.depth + 1 : 0;
    this.attributes = { ...options.attributes };
  }

  child(name: string, attributes?: Record<string, string | number | boolean>): Span {
    return new Span({ name, parent: this, attributes });
  }

  end(): number {
    this.endedAt ??= performance.now();
    return this.endedAt - this.startedAt;
  }
}

export class Tracer {
  private readonly finished: Span[] = [];
  private readonly limit: number;

  constructor(limit = 256) {
    this.limit = limit;
  }

  start(name: string, parent?: Span, attributes?: Record<string, string | number | boolean>): Span {
    return new Span({ name, parent, attributes });
  }

  finish(span: Span): void {
    span.end();
    this.finished.push(span);
    if (this.finished.length > this.limit) this.finished.shift();
  }

  recent(): readonly Span[] {
    return this.finished;
  }
}
