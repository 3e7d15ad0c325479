#!/usr/bin/env node
// Builds models e and f into bundles/<model>-<shape>.js and verifies them against the corpus
// expectations: every shipped (stock) bundle against expect/stock.json and expect/stock-clear.json,
// and the hand-made source fixes (models/<m>/fix-seed, fix-gate; overlays, never shipped) built in
// every shape against expect/seed*.json and expect/gate*.json.
//
//   node build.mjs            build everything, verify everything
//   node build.mjs --no-fix   build and verify the stock bundles only
//   node build.mjs --verify   only verify the bundles already in bundles/ (no build)
//
// Exit code 0 only when every check matches.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const corpus = join(dirname(fileURLToPath(import.meta.url)), "../../../shared/corpus");
const harness = join(corpus, "harness");
const expectDir = join(corpus, "expect");
const bundlesDir = join(here, "bundles");
const work = join(here, ".build");

const args = new Set(process.argv.slice(2));
const withFixes = !args.has("--no-fix");
const verifyOnly = args.has("--verify");

const esbuild = require("esbuild");
const terser = require("terser");
const { rollup } = require("rollup");
const webpack = require("webpack");
const TerserPlugin = require("terser-webpack-plugin");
const swc = require("@swc/core");
const oxc = require("oxc-minify");

const versionOf = (pkg) => JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), "utf8")).version;
export const versions = Object.fromEntries(
  ["esbuild", "terser", "rollup", "webpack", "terser-webpack-plugin", "@swc/core", "oxc-minify", "typescript"].map((p) => [p, versionOf(p)]),
);

const MODELS = {
  e: { entry: "src/acp-server.ts", tscEntry: "acp-server.js" },
  f: { entry: "src/server.ts", tscEntry: "server.js" },
};

// ---------------------------------------------------------------------------------------------
// build steps. Each takes the prepared model tree `dir` (src/ + tsconfig.json) and returns code.

async function esb(dir, model, { format, minify = false }) {
  const r = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [MODELS[model].entry],
    bundle: true,
    platform: "node",
    target: "node20",
    format,
    minify,
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return r.outputFiles[0].text;
}

let tscDone = new Map();
function tsc(dir) {
  if (tscDone.has(dir)) return tscDone.get(dir);
  const out = join(dir, "dist-tsc");
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(dir, "tsconfig.json"), "--outDir", out], {
    stdio: "inherit",
  });
  tscDone.set(dir, out);
  return out;
}

async function rollupBundle(dir, model, format) {
  const out = tsc(dir);
  const bundle = await rollup({
    input: join(out, MODELS[model].tscEntry),
    external: (id) => id.startsWith("node:"),
    onwarn: (w, warn) => (w.code === "THIS_IS_UNDEFINED" || w.code === "CIRCULAR_DEPENDENCY" ? undefined : warn(w)),
    treeshake: true,
  });
  const { output } = await bundle.generate({ format, exports: "named", generatedCode: "es2015" });
  await bundle.close();
  return output[0].code;
}

async function terse(code, esm) {
  const r = await terser.minify(code, {
    ecma: 2020,
    module: esm,
    toplevel: true,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  return r.code;
}

async function swcMinify(code, esm) {
  const r = await swc.minify(code, {
    module: esm,
    ecma: 2020,
    compress: { passes: 2, toplevel: true },
    mangle: { toplevel: true },
    format: { comments: false },
  });
  return r.code;
}

function oxcMinify(code, esm) {
  const r = oxc.minifySync(esm ? "acp-server.mjs" : "acp-server.cjs", code, {
    module: esm,
    compress: { target: "es2022" },
    mangle: { toplevel: true },
    codegen: { removeWhitespace: true },
  });
  if (r.errors.length) throw new Error(`oxc-minify: ${JSON.stringify(r.errors)}`);
  return r.code;
}

function webpackBundle(dir, model, { concatenate }) {
  const out = tsc(dir);
  const outDir = join(dir, concatenate ? "dist-webpack-concat" : "dist-webpack-noconcat");
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: "production",
        context: out,
        entry: "./" + MODELS[model].tscEntry,
        target: "node20",
        devtool: false,
        output: { path: outDir, filename: "acp-server.js", library: { type: "commonjs2" }, clean: true },
        resolve: { extensions: [".js"] },
        optimization: {
          minimize: true,
          concatenateModules: concatenate,
          minimizer: [
            new TerserPlugin({
              extractComments: false,
              terserOptions: { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } },
            }),
          ],
        },
        performance: { hints: false },
        stats: "errors-warnings",
      },
      (err, stats) => {
        if (err) return reject(err);
        if (stats.hasErrors()) return reject(new Error(stats.toString("errors-only")));
        resolve(readFileSync(join(outDir, "acp-server.js"), "utf8"));
      },
    );
  });
}

// shapes per model: name -> how to build it. ESM shapes carry "esm" in their name (the corpus
// runner gives those a package.json with "type": "module").
const SHAPES = {
  e: {
    "esb-pretty-cjs": (d) => esb(d, "e", { format: "cjs" }),
    "esb-min-esm": (d) => esb(d, "e", { format: "esm", minify: true }),
    "tsc-rollup-terser-cjs": async (d) => terse(await rollupBundle(d, "e", "cjs"), false),
    "tsc-webpack-concat-cjs": (d) => webpackBundle(d, "e", { concatenate: true }),
    "esb-swc-min-cjs": async (d) => swcMinify(await esb(d, "e", { format: "cjs" }), false),
  },
  f: {
    "esb-min-cjs": (d) => esb(d, "f", { format: "cjs", minify: true }),
    "esb-pretty-esm": (d) => esb(d, "f", { format: "esm" }),
    "esb-oxc-min-cjs": async (d) => oxcMinify(await esb(d, "f", { format: "cjs" }), false),
    "tsc-webpack-noconcat-cjs": (d) => webpackBundle(d, "f", { concatenate: false }),
    "tsc-rollup-terser-esm": async (d) => terse(await rollupBundle(d, "f", "es"), true),
    "esb-swc-min-esm": async (d) => swcMinify(await esb(d, "f", { format: "esm" }), true),
  },
};

// ---------------------------------------------------------------------------------------------

function prepareTree(model, variant) {
  const dir = join(work, variant, model);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const src = join(here, "models", model);
  cpSync(join(src, "src"), join(dir, "src"), { recursive: true });
  cpSync(join(src, "tsconfig.json"), join(dir, "tsconfig.json"));
  if (variant !== "stock") {
    // the fix is models/<m>/fix-<mode>.patch; models/<m>/fix-<mode>/src/ holds the same files patched
    // (an overlay to read); the two must agree
    execFileSync("patch", ["-p1", "--quiet", "--no-backup-if-mismatch", "-i", join(src, `fix-${variant}.patch`)], { cwd: dir, stdio: "inherit" });
    const overlay = join(src, `fix-${variant}`);
    const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
    for (const file of walk(overlay)) {
      const rel = file.slice(overlay.length + 1);
      if (readFileSync(file, "utf8") !== readFileSync(join(dir, rel), "utf8")) {
        throw new Error(`models/${model}/fix-${variant}/${rel} does not match models/${model}/fix-${variant}.patch applied to src/`);
      }
    }
  }
  // tsc and bundlers resolve @types/node from /work/blind/node_modules
  return dir;
}

function runHarness(script, bundle) {
  const esm = /esm/.test(bundle.split("/").pop());
  const tmp = mkdtempSync(join(tmpdir(), "kas-blind-"));
  try {
    writeFileSync(join(tmp, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type: esm ? "module" : "commonjs" }));
    const target = join(tmp, "acp-server.js");
    cpSync(bundle, target);
    const check = spawnSync(process.execPath, ["--check", target], { encoding: "utf8" });
    if (check.status !== 0) return { error: `node --check failed: ${check.stderr.slice(0, 400)}` };
    const r = spawnSync(process.execPath, [join(harness, script), target], { encoding: "utf8", timeout: 60_000 });
    if (r.status !== 0) return { error: `${script} exited ${r.status}: ${r.stderr.slice(0, 400)}` };
    return { json: JSON.parse(r.stdout) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function expectation(name) {
  return JSON.parse(readFileSync(join(expectDir, `${name}.json`), "utf8"));
}

function verify(bundle, variant) {
  const failures = [];
  for (const [script, exp] of [
    ["scenarios.mjs", variant],
    ["clear-scenarios.mjs", `${variant}-clear`],
  ]) {
    const got = runHarness(script, bundle);
    if (got.error) failures.push(`${script}: ${got.error}`);
    else if (JSON.stringify(got.json) !== JSON.stringify(expectation(exp))) {
      failures.push(`${script} != expect/${exp}.json: got ${JSON.stringify(got.json)}`);
    }
  }
  return failures;
}

function sha256(file) {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

async function main() {
  const results = [];
  const variants = verifyOnly ? ["stock"] : withFixes ? ["stock", "seed", "gate"] : ["stock"];
  if (!verifyOnly) mkdirSync(bundlesDir, { recursive: true });
  const manifest = { versions, node: process.version, bundles: {} };
  for (const model of Object.keys(SHAPES)) {
    for (const variant of variants) {
      const dir = verifyOnly ? undefined : prepareTree(model, variant);
      for (const [shape, build] of Object.entries(SHAPES[model])) {
        const name = `${model}-${shape}`;
        const file = variant === "stock" ? join(bundlesDir, `${name}.js`) : join(work, variant, "out", `${name}.js`);
        if (!verifyOnly) {
          mkdirSync(dirname(file), { recursive: true });
          const code = await build(dir);
          writeFileSync(file, code.endsWith("\n") ? code : code + "\n");
        }
        const failures = verify(file, variant);
        results.push({ name, variant, failures });
        const label = variant === "stock" ? "stock (shipped)" : `${variant} fix (not shipped)`;
        console.log(`${name.padEnd(30)} ${label.padEnd(22)} ${failures.length ? "MISMATCH\n    " + failures.join("\n    ") : "matches expect/" + variant + ".json and " + variant + "-clear.json"}`);
        if (variant === "stock") {
          manifest.bundles[`${name}.js`] = { model, shape, bytes: readFileSync(file).length, sha256: sha256(file) };
        }
      }
    }
  }
  if (!verifyOnly) writeFileSync(join(here, "bundles.manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  const bad = results.filter((r) => r.failures.length);
  console.log(`\n${results.length - bad.length}/${results.length} bundle checks match (${Object.entries(versions).map(([k, v]) => `${k} ${v}`).join(", ")}; node ${process.version})`);
  process.exit(bad.length ? 1 : 0);
}

await main();
