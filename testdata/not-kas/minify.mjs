// Writes minified/_tsc.min.js: TypeScript's `_tsc.js` minified by the pinned
// esbuild (testdata/model's), so the tests meet nested locals named as a
// minifier names them (tests/references.rs). Regenerate with:
//
//   node testdata/not-kas/minify.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const esbuild = createRequire(path.join(HERE, "../model/package.json"))("esbuild");
const source = readFileSync(path.join(HERE, "node_modules/typescript/lib/_tsc.js"), "utf8");
const { code } = esbuild.transformSync(source, { minify: true, format: "cjs", target: "node20", legalComments: "none" });
writeFileSync(path.join(HERE, "minified/_tsc.min.js"), code);
process.stdout.write(`minified/_tsc.min.js  ${(code.length / 1e6).toFixed(2)} MB (esbuild ${esbuild.version})\n`);
