// Merges option objects left to right; undefined values never override.
export function mergeOptions<A extends object, B extends object>(base: A, override?: B): A & B {
  const out: Record<string, unknown> = { ...base };
  if (override) {
    for (const key of Object.keys(override)) {
      const value = (override as Record<string, unknown>)[key];
      if (value !== undefined) out[key] = value;
    }
  }
  return out as A & B;
}
