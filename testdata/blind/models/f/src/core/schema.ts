// src/core/schema.ts
// A small zod-like validator: enough for settings files, tool inputs and MCP payloads.

export interface Issue {
  path: (string | number)[];
  message: string;
}

export class SchemaError extends Error {
  constructor(public issues: Issue[]) {
    super(issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; "));
    this.name = "SchemaError";
  }
}

export type SafeParse<T> = { success: true; data: T } | { success: false; error: SchemaError };

export abstract class Schema<T> {
  declare readonly _output: T;
  protected abstract check(value: unknown, path: (string | number)[], issues: Issue[]): T;

  parse(value: unknown): T {
    let issues: Issue[] = [];
    let out = this.check(value, [], issues);
    if (issues.length) throw new SchemaError(issues);
    return out;
  }

  safeParse(value: unknown): SafeParse<T> {
    let issues: Issue[] = [];
    let out = this.check(value, [], issues);
    return issues.length ? { success: false, error: new SchemaError(issues) } : { success: true, data: out };
  }

  optional(): Schema<T | undefined> {
    return new OptionalSchema(this);
  }

  default(fallback: T): Schema<T> {
    return new DefaultSchema(this, fallback);
  }

  refine(pred: (v: T) => boolean, message: string): Schema<T> {
    return new RefineSchema(this, pred, message);
  }

  /** @internal */
  run(value: unknown, path: (string | number)[], issues: Issue[]): T {
    return this.check(value, path, issues);
  }
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

class OptionalSchema<T> extends Schema<T | undefined> {
  constructor(private inner: Schema<T>) {
    super();
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): T | undefined {
    return value === undefined ? undefined : this.inner.run(value, path, issues);
  }
}

class DefaultSchema<T> extends Schema<T> {
  constructor(private inner: Schema<T>, private fallback: T) {
    super();
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): T {
    if (value === undefined) return typeof this.fallback === "object" && this.fallback !== null ? structuredClone(this.fallback) : this.fallback;
    return this.inner.run(value, path, issues);
  }
}

class RefineSchema<T> extends Schema<T> {
  constructor(private inner: Schema<T>, private pred: (v: T) => boolean, private message: string) {
    super();
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): T {
    let before = issues.length;
    let out = this.inner.run(value, path, issues);
    if (issues.length === before && !this.pred(out)) issues.push({ path, message: this.message });
    return out;
  }
}

class StringSchema extends Schema<string> {
  private minLength = 0;
  private pattern: RegExp | undefined;
  min(n: number): this {
    this.minLength = n;
    return this;
  }
  regex(re: RegExp): this {
    this.pattern = re;
    return this;
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): string {
    if (typeof value !== "string") {
      issues.push({ path, message: `expected string, got ${typeOf(value)}` });
      return "";
    }
    value.length < this.minLength && issues.push({ path, message: `must have at least ${this.minLength} characters` });
    this.pattern && !this.pattern.test(value) && issues.push({ path, message: `must match ${this.pattern}` });
    return value;
  }
}

class NumberSchema extends Schema<number> {
  private lo = -Infinity;
  private hi = Infinity;
  private integer = false;
  int(): this {
    this.integer = true;
    return this;
  }
  min(n: number): this {
    this.lo = n;
    return this;
  }
  max(n: number): this {
    this.hi = n;
    return this;
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): number {
    if (typeof value !== "number" || Number.isNaN(value)) {
      issues.push({ path, message: `expected number, got ${typeOf(value)}` });
      return 0;
    }
    this.integer && !Number.isInteger(value) && issues.push({ path, message: "expected an integer" });
    (value < this.lo || value > this.hi) && issues.push({ path, message: `must be within [${this.lo}, ${this.hi}]` });
    return value;
  }
}

class BooleanSchema extends Schema<boolean> {
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): boolean {
    if (typeof value !== "boolean") {
      issues.push({ path, message: `expected boolean, got ${typeOf(value)}` });
      return false;
    }
    return value;
  }
}

class EnumSchema<const V extends readonly string[]> extends Schema<V[number]> {
  constructor(private values: V) {
    super();
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): V[number] {
    if (typeof value !== "string" || !this.values.includes(value)) {
      issues.push({ path, message: `expected one of ${this.values.join(", ")}` });
      return this.values[0];
    }
    return value as V[number];
  }
}

class ArraySchema<T> extends Schema<T[]> {
  constructor(private item: Schema<T>) {
    super();
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): T[] {
    if (!Array.isArray(value)) {
      issues.push({ path, message: `expected array, got ${typeOf(value)}` });
      return [];
    }
    return value.map((v, i) => this.item.run(v, [...path, i], issues));
  }
}

class RecordSchema<T> extends Schema<Record<string, T>> {
  constructor(private item: Schema<T>) {
    super();
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): Record<string, T> {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ path, message: `expected object, got ${typeOf(value)}` });
      return {};
    }
    let out: Record<string, T> = {};
    for (let [k, v] of Object.entries(value)) out[k] = this.item.run(v, [...path, k], issues);
    return out;
  }
}

type Shape = Record<string, Schema<any>>;
type ObjectOut<S extends Shape> = { [K in keyof S]: Infer<S[K]> };

class ObjectSchema<S extends Shape> extends Schema<ObjectOut<S>> {
  private strictKeys = false;
  constructor(public shape: S) {
    super();
  }
  strict(): this {
    this.strictKeys = true;
    return this;
  }
  extend<E extends Shape>(more: E): ObjectSchema<S & E> {
    return new ObjectSchema({ ...this.shape, ...more });
  }
  protected check(value: unknown, path: (string | number)[], issues: Issue[]): ObjectOut<S> {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      issues.push({ path, message: `expected object, got ${typeOf(value)}` });
      value = {};
    }
    let input = value as Record<string, unknown>;
    let out: Record<string, unknown> = {};
    for (let key of Object.keys(this.shape)) {
      let v = this.shape[key].run(input[key], [...path, key], issues);
      v !== undefined && (out[key] = v);
    }
    if (this.strictKeys) {
      for (let key of Object.keys(input)) key in this.shape || issues.push({ path: [...path, key], message: "unknown key" });
    }
    return out as ObjectOut<S>;
  }
}

class UnknownSchema extends Schema<unknown> {
  protected check(value: unknown): unknown {
    return value;
  }
}

function typeOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

export const z = {
  string: () => new StringSchema(),
  number: () => new NumberSchema(),
  boolean: () => new BooleanSchema(),
  enum: <const V extends readonly string[]>(values: V) => new EnumSchema(values),
  array: <T>(item: Schema<T>) => new ArraySchema(item),
  record: <T>(item: Schema<T>) => new RecordSchema(item),
  object: <S extends Shape>(shape: S) => new ObjectSchema(shape),
  unknown: () => new UnknownSchema(),
};
