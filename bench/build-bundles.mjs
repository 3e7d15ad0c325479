// Builds the two real-size bundles bench/run times (not committed; bench/out is ignored):
//
//   cd bench && npm ci && node build-bundles.mjs
//
//   out/minified-esm/node_modules/@kiro/agent/{package.json,dist/server/acp-server.js}  >= 10 MB, minified ESM
//   out/readable-cjs/node_modules/@kiro/agent/{package.json,dist/server/acp-server.js}  >= 20 MB, readable CJS
//   out/minified-cjs/…  >= 10 MB, minified CJS
//   out/readable-esm/…  >= 20 MB, readable ESM, with a lazily-initialised
//                       (`__esm`) module of near-miss names (lazy-chunk.mjs)
//   out/colliding-esm/… >= 10 MB, minified ESM whose third-party locals are
//                       named as the execution and buffer classes (collide.mjs)
//   out/gemini-esm/…    >= 10 MB, minified ESM: the model and the largest chunk
//                       of @google/gemini-cli (entry-gemini.mjs), real third-party
//                       code the size of a real minified bundle
//
// Each is the steering model (testdata/model/src) bundled by the pinned esbuild
// together with typescript, @babel/standalone and prettier, the shapes of the
// current (minified ESM) and older (readable CJS) real bundles.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { collide } from "./collide.mjs";
import { writeLazyChunk } from "./lazy-chunk.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, "out");
const TARGET_IN_TREE = "node_modules/@kiro/agent/dist/server/acp-server.js";
const PACKAGE_IN_TREE = "node_modules/@kiro/agent/package.json";
const EXPECTED = {
  esbuild: "0.28.2",
  typescript: "5.9.3",
  "@babel/standalone": "8.0.6",
  prettier: "3.10.1",
  "@google/gemini-cli": "0.61.0",
};
const SPECS = [
  { name: "minified-esm", format: "esm", minify: true, version: "0.66.0", minBytes: 10_000_000 },
  { name: "readable-cjs", format: "cjs", minify: false, version: "0.52.1", minBytes: 20_000_000 },
  { name: "minified-cjs", format: "cjs", minify: true, version: "0.54.8", minBytes: 10_000_000 },
  { name: "readable-esm", format: "esm", minify: false, version: "0.52.1", minBytes: 18_000_000, entry: "entry-lazy.mjs" },
  // Minified ESM whose third-party locals share the classes' two-letter names (collide.mjs).
  { name: "colliding-esm", format: "esm", minify: true, version: "0.66.0", minBytes: 10_000_000, collide: true },
  // A real CLI's own minified code around the model (entry-gemini.mjs).
  { name: "gemini-esm", format: "esm", minify: true, version: "0.66.0", minBytes: 10_000_000, entry: "entry-gemini.mjs" },
];
mkdirSync(OUT, { recursive: true });
writeLazyChunk(path.join(OUT, "lazy-chunk.mjs"), 16_000_000);

for (const [name, want] of Object.entries(EXPECTED)) {
  const got = JSON.parse(readFileSync(path.join(HERE, "node_modules", name, "package.json"), "utf8")).version;
  if (got !== want) throw new Error(`${name} ${got} is installed; the bench bundles use ${want} (run npm ci in bench/)`);
}

for (const spec of SPECS) {
  const result = await esbuild.build({
    absWorkingDir: HERE,
    entryPoints: [spec.entry ?? "entry.mjs"],
    outfile: "out/acp-server.js",
    bundle: true,
    write: false,
    platform: "node",
    target: "node20",
    format: spec.format,
    minify: spec.minify,
    charset: "utf8",
    legalComments: "none",
    logLevel: "error",
  });
  let code = result.outputFiles[0].contents;
  if (spec.collide) {
    const collided = collide(result.outputFiles[0].text);
    if (collided.renamed < 100) throw new Error(`${spec.name}: only ${collided.renamed} identifiers renamed`);
    process.stdout.write(`${spec.name}: ${collided.renamed} identifiers renamed to ${collided.names.join(", ")}\n`);
    code = Buffer.from(collided.code);
  }
  if (code.length < spec.minBytes) throw new Error(`${spec.name}: ${code.length} bytes, expected at least ${spec.minBytes}`);
  const root = path.join(OUT, spec.name);
  rmSync(root, { recursive: true, force: true });
  const file = path.join(root, TARGET_IN_TREE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, code);
  const pkg = { name: "@kiro/agent", version: spec.version };
  if (spec.format === "esm") pkg.type = "module";
  pkg.main = "dist/server/acp-server.js";
  writeFileSync(path.join(root, PACKAGE_IN_TREE), `${JSON.stringify(pkg, null, 2)}\n`);
  process.stdout.write(`${path.relative(HERE, file)}  ${(code.length / 1e6).toFixed(2)} MB\n`);
}
