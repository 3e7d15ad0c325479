/** Histogram-free telemetry: named counters and the last value of a few gauges. */
export class Telemetry {
  #counters = new Map();
  #gauges = new Map();

  count(name, tags = {}) {
    const key = Object.keys(tags).length ? `${name}{${Object.entries(tags).map(([k, v]) => `${k}=${v}`).join(",")}}` : name;
    this.#counters.set(key, (this.#counters.get(key) ?? 0) + 1);
  }

  gauge(name, value) {
    this.#gauges.set(name, value);
  }

  flush() {
    const out = { counters: Object.fromEntries(this.#counters), gauges: Object.fromEntries(this.#gauges) };
    this.#counters.clear();
    return out;
  }
}
