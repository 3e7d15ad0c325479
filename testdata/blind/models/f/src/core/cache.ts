// src/core/cache.ts

/** A size- and age-bounded LRU map. Map iteration order is insertion order, so the first key is the oldest. */
export class LruCache<K, V> {
  #map = new Map<K, { value: V; at: number }>();
  #hits = 0;
  #misses = 0;

  constructor(private capacity: number, private ttlMs = Infinity) {}

  get(key: K): V | undefined {
    let hit = this.#map.get(key);
    if (!hit) {
      this.#misses++;
      return undefined;
    }
    if (Date.now() - hit.at > this.ttlMs) {
      this.#map.delete(key);
      this.#misses++;
      return undefined;
    }
    this.#map.delete(key);
    this.#map.set(key, hit);
    this.#hits++;
    return hit.value;
  }

  set(key: K, value: V): this {
    this.#map.delete(key);
    this.#map.set(key, { value, at: Date.now() });
    while (this.#map.size > this.capacity) {
      let oldest = this.#map.keys().next();
      if (oldest.done) break;
      this.#map.delete(oldest.value);
    }
    return this;
  }

  getOrCreate(key: K, make: () => V): V {
    let v = this.get(key);
    if (v === undefined) {
      v = make();
      this.set(key, v);
    }
    return v;
  }

  delete(key: K): boolean {
    return this.#map.delete(key);
  }

  get stats() {
    return { size: this.#map.size, hits: this.#hits, misses: this.#misses };
  }
}

/** Memoizes a one-argument function on object identity; entries die with their key. */
export function memoizeWeak<K extends object, V>(fn: (key: K) => V): (key: K) => V {
  let memo = new WeakMap<K, V>();
  return (key) => {
    if (memo.has(key)) return memo.get(key)!;
    let v = fn(key);
    memo.set(key, v);
    return v;
  };
}

/** Attaches side data to objects without touching them. */
export class SideTable<K extends object, V> {
  #table = new WeakMap<K, V>();
  constructor(private init: (key: K) => V) {}
  of(key: K): V {
    let v = this.#table.get(key);
    if (v === undefined) {
      v = this.init(key);
      this.#table.set(key, v);
    }
    return v;
  }
  peek(key: K): V | undefined {
    return this.#table.get(key);
  }
}
