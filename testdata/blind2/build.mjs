// Regenerates every bundle and every expectation of the blind2 corpus from the model sources.
//   node build.mjs            -> out/ (all variants), bundles/*.js (stock), expect/<model>/*.json
// Variants: stock, seed, gate, seed+rewind, gate+rewind, cut from the sources by //#if FLAG ... //#endif.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import * as esbuild from "esbuild";
import { minify as terser } from "terser";
import { minifySync as oxc } from "oxc-minify";
import swc from "@swc/core";

const root = path.dirname(new URL(import.meta.url).pathname);
const models = ["g", "h"];
const variants = { stock: [], seed: ["seed"], gate: ["gate"], "seed-rewind": ["seed", "rewind"], "gate-rewind": ["gate", "rewind"] };
// which shapes of each model are built
const shapes = {
  g: ["esb-pretty-cjs", "esb-min-cjs", "esb-min-esm", "terser-esm", "swc-cjs", "oxc-esm"],
  h: ["esb-pretty-cjs", "esb-min-es2019-cjs", "esb-min-esm", "terser-cjs", "swc-esm", "oxc-cjs"],
};

function preprocess(srcDir, outDir, flags) {
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const ent of fs.readdirSync(srcDir, { withFileTypes: true, recursive: true })) {
    if (!ent.isFile()) continue;
    const from = path.join(ent.parentPath ?? ent.path, ent.name);
    const to = path.join(outDir, path.relative(srcDir, from));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const out = [];
    const stack = [];
    for (const line of fs.readFileSync(from, "utf8").split("\n")) {
      const m = /^\s*\/\/#(if|endif)\s*(\w*)/.exec(line);
      if (m) { if (m[1] === "if") stack.push(flags.includes(m[2])); else stack.pop(); continue; }
      if (stack.every(Boolean)) out.push(line);
    }
    if (stack.length) throw new Error(`unbalanced //#if in ${from}`);
    fs.writeFileSync(to, out.join("\n"));
  }
}

async function esb(dir, format, minify, target = "node22") {
  const r = await esbuild.build({
    absWorkingDir: dir, entryPoints: ["src/index.ts"], bundle: true, platform: "node", format, target,
    minify, write: false, tsconfig: "tsconfig.json", logLevel: "error",
  });
  return r.outputFiles[0].text;
}

async function buildShape(dir, shape) {
  const pretty = { cjs: await esb(dir, "cjs", false), esm: await esb(dir, "esm", false) };
  switch (shape) {
    case "esb-pretty-cjs": return pretty.cjs;
    case "esb-pretty-esm": return pretty.esm;
    case "esb-min-cjs": return esb(dir, "cjs", true);
    case "esb-min-esm": return esb(dir, "esm", true);
    case "esb-min-es2019-cjs": return esb(dir, "cjs", true, "es2019");
    case "terser-cjs": return (await terser(pretty.cjs, { ecma: 2022, toplevel: true, compress: { passes: 2 }, mangle: true, module: false })).code;
    case "terser-esm": return (await terser(pretty.esm, { ecma: 2022, compress: { passes: 2 }, mangle: true, module: true })).code;
    case "swc-cjs": return (await swc.minify(pretty.cjs, { compress: { ecma: 2022 }, mangle: { topLevel: true }, module: false, ecma: 2022 })).code;
    case "swc-esm": return (await swc.minify(pretty.esm, { compress: { ecma: 2022 }, mangle: { topLevel: true }, module: true, ecma: 2022 })).code;
    case "oxc-cjs": return oxc("acp-server.cjs", pretty.cjs, { compress: {}, mangle: { toplevel: true } }).code;
    case "oxc-esm": return oxc("acp-server.mjs", pretty.esm, { module: true, compress: {}, mangle: { toplevel: true } }).code;
  }
  throw new Error(`unknown shape ${shape}`);
}

function harness(script, bundle) {
  return execFileSync("node", [path.join(root, "..", "corpus", "harness", script), bundle], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
}

const dirs = ["out", "bundles", "expect"];
for (const d of dirs) fs.rmSync(path.join(root, d), { recursive: true, force: true });
fs.mkdirSync(path.join(root, "bundles"), { recursive: true });
let problems = 0;
for (const model of models) {
  const exp = path.join(root, "expect", model);
  fs.mkdirSync(exp, { recursive: true });
  for (const [variant, flags] of Object.entries(variants)) {
    const vdir = path.join(root, "out", model, variant);
    preprocess(path.join(root, "models", model, "src"), path.join(vdir, "src"), flags);
    fs.copyFileSync(path.join(root, "models", model, "tsconfig.json"), path.join(vdir, "tsconfig.json"));
    const results = {};
    for (const shape of shapes[model]) {
      const code = await buildShape(vdir, shape);
      const esm = shape.endsWith("esm");
      const bdir = path.join(vdir, "bundles", shape);
      fs.mkdirSync(bdir, { recursive: true });
      fs.writeFileSync(path.join(bdir, "package.json"), JSON.stringify({ type: esm ? "module" : "commonjs" }) + "\n");
      const file = path.join(bdir, "acp-server.js");
      fs.writeFileSync(file, code);
      execFileSync("node", ["--check", file]);
      if (variant === "stock") fs.writeFileSync(path.join(root, "bundles", `${model}-${shape}.js`), code);
      results[shape] = { base: harness("scenarios.mjs", file), clear: harness("clear-scenarios.mjs", file) };
    }
    // every shape of a variant must behave the same
    const first = results[shapes[model][0]];
    for (const [shape, r] of Object.entries(results)) {
      if (r.base !== first.base || r.clear !== first.clear) { problems++; console.log(`MISMATCH ${model} ${variant} ${shape}`); }
    }
    const mode = variant.split("-")[0];
    const norm = (s) => JSON.stringify(JSON.parse(s), null, 1) + "\n";
    if (variant.endsWith("-rewind")) fs.writeFileSync(path.join(exp, `${mode}-rewind-clear.json`), norm(first.clear));
    else {
      fs.writeFileSync(path.join(exp, `${variant}.json`), norm(first.base));
      fs.writeFileSync(path.join(exp, `${variant}-clear.json`), norm(first.clear));
      if (variant !== "stock") continue;
    }
  }
  // the rewind must not change the base scenarios
  for (const mode of ["seed", "gate"]) {
    const a = harness("scenarios.mjs", path.join(root, "out", model, `${mode}-rewind`, "bundles", shapes[model][0], "acp-server.js"));
    if (JSON.stringify(JSON.parse(a)) !== JSON.stringify(JSON.parse(fs.readFileSync(path.join(exp, `${mode}.json`), "utf8")))) { problems++; console.log(`REWIND CHANGES BASE ${model} ${mode}`); }
  }
}
console.log(problems ? `build: ${problems} problem(s)` : "build: ok");
process.exit(problems ? 1 : 0);
