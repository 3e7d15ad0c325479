// Method decorator that records a span per call (name, duration, outcome) in a
// bounded ring; the ACP "_kiro/diagnostics" method reads it.
export interface Span {
  name: string;
  startedAt: number;
  durationMs: number;
  ok: boolean;
}

const MAX_SPANS = 256;
export const spans: Span[] = [];

function record(span: Span): void {
  spans.push(span);
  if (spans.length > MAX_SPANS) spans.splice(0, spans.length - MAX_SPANS);
}

export function traced(name: string) {
  return function (_target: object, _key: string | symbol, descriptor: PropertyDescriptor): PropertyDescriptor {
    const original = descriptor.value as (...args: unknown[]) => unknown;
    descriptor.value = function (this: unknown, ...args: unknown[]) {
      const startedAt = Date.now();
      let result: unknown;
      try {
        result = original.apply(this, args);
      } catch (err) {
        record({ name, startedAt, durationMs: Date.now() - startedAt, ok: false });
        throw err;
      }
      if (result && typeof (result as Promise<unknown>).then === "function") {
        return (result as Promise<unknown>).then(
          (v) => (record({ name, startedAt, durationMs: Date.now() - startedAt, ok: true }), v),
          (e) => {
            record({ name, startedAt, durationMs: Date.now() - startedAt, ok: false });
            throw e;
          },
        );
      }
      record({ name, startedAt, durationMs: Date.now() - startedAt, ok: true });
      return result;
    };
    return descriptor;
  };
}
