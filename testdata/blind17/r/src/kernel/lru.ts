// A least-recently-used cache on a Map (insertion order = recency).
export class LruCache<K, V> {
  private readonly map: Map<K, V>;
  private hits: number;
  private misses: number;

  constructor(private readonly capacity: number) {
    if (capacity < 1) throw new RangeError("capacity must be at least 1");
    this.map = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) {
      this.misses++;
      return undefined;
    }
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    this.hits++;
    return value;
  }

  set(key: K, value: V): this {
    if (this.map.has(key)) this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
    }
    return this;
  }

  getOrCreate(key: K, make: (key: K) => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = make(key);
    this.set(key, value);
    return value;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }

  stats(): { hits: number; misses: number; size: number } {
    return { hits: this.hits, misses: this.misses, size: this.map.size };
  }
}
