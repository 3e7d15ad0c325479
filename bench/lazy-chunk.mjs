// Writes the large lazily-initialised module of the readable ESM bench
// bundle (bench/build-bundles.mjs imports it with a dynamic import(), so
// esbuild wraps it whole in one `__esm({ async "…"() {…} })` statement, as it
// does a real CLI's top-level-await modules). Its names are near misses of
// the anchors' literals (`isHandledReflectionObject` beside real `handlers`
// and `size`): searched as substrings they would select this one huge
// statement for the `buffer-class` anchor.
import { writeFileSync } from "node:fs";

export function writeLazyChunk(file, bytes) {
  const parts = ["// A registry of reflection handlers (bench filler).\nexport const registry = [];\nawait Promise.resolve();\n"];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const part = `class ReflectionRegistry${i} {
  constructor() {
    this.handlers = new Map();
    this.size = 0;
  }
  isHandledReflectionObject(object) {
    return this.handlers.has(object) && this.handlers.size > ${i % 7};
  }
  collectUserText(items) {
    const out = [];
    for (const item of items) if (item.kind === "user" && item.text.length > ${i % 11}) out.push(item.text);
    return out;
  }
  register(object, handler) {
    this.handlers.set(object, handler);
    this.size = this.handlers.size;
    return this;
  }
}
registry.push(ReflectionRegistry${i});
`;
    parts.push(part);
    size += part.length;
  }
  writeFileSync(file, parts.join(""));
}
