// Span attributes only; nothing here constructs an execution.
export interface SpanRecord {
  name: string;
  attributes: Record<string, unknown>;
  at: number;
}

const spans: SpanRecord[] = [];

export function recordSpan(name: string, attributes: Record<string, unknown>): void {
  spans.push({ name, attributes, at: spans.length });
  if (spans.length > 1000) spans.shift();
}

export function recentSpans(): SpanRecord[] {
  return [...spans];
}
