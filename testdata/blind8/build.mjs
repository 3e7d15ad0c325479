// Builds the stock KAS model bundles (bundles/*.js), and exposes buildModel() for verify.mjs.
//   node build.mjs            -> 6 stock bundles in bundles/
// Each bundle is one file; names containing "esm" are ES modules, the others CommonJS.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify as terserMinify } from "terser";
import swc from "@swc/core";
import webpack from "webpack";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const tscBin = require.resolve("typescript/bin/tsc");

export const MODELS = {
  p: { entry: "src/server/acp-server.ts", tscEntry: "server/acp-server.js" },
  q: { entry: "src/index.ts", tscEntry: "index.js" },
};

const TARGET = "es2022"; // keeps optional chaining, class fields and #private
const isBuiltin = (id) => id.startsWith("node:");

// build name -> [model, how]
export const BUILDS = {
  "p-esb-pretty-cjs": ["p", "esbuildReadableCjs"],
  "p-rollup-terser-esm": ["p", "tscRollupTerserEsm"],
  "p-esb-swc-min-cjs": ["p", "esbuildSwcMinCjs"],
  "q-esb-min-esm": ["q", "esbuildMinEsm"],
  "q-webpack-cjs": ["q", "tscWebpackCjs"],
  "q-tsc-esb-decorators-cjs": ["q", "tscEsbuildMinCjs"],
};

function tsc(modelDir, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(process.execPath, [tscBin, "-p", join(modelDir, "tsconfig.json"), "--outDir", outDir], { stdio: "inherit" });
}

async function esbuildBundle(entry, { format, minify, tsconfig, cwd }) {
  const result = await esbuild.build({
    absWorkingDir: cwd,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format,
    target: TARGET,
    minify,
    tsconfig,
    write: false,
    legalComments: "none",
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}

async function runWebpack(entry, outDir) {
  const config = {
    mode: "production",
    target: "node",
    entry,
    context: here,
    output: { path: outDir, filename: "bundle.js", library: { type: "commonjs2" }, environment: { arrowFunction: true, const: true, optionalChaining: true } },
    resolve: { extensions: [".js"] },
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    devtool: false,
  };
  const stats = await new Promise((ok, fail) => webpack(config, (err, s) => (err ? fail(err) : ok(s))));
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  return readFileSync(join(outDir, "bundle.js"), "utf8");
}

const STEPS = {
  async esbuildReadableCjs(ctx) {
    return esbuildBundle(ctx.entry, { format: "cjs", minify: false, tsconfig: ctx.tsconfig, cwd: ctx.modelDir });
  },
  async esbuildMinEsm(ctx) {
    return esbuildBundle(ctx.entry, { format: "esm", minify: true, tsconfig: ctx.tsconfig, cwd: ctx.modelDir });
  },
  async esbuildSwcMinCjs(ctx) {
    const plain = await esbuildBundle(ctx.entry, { format: "cjs", minify: false, tsconfig: ctx.tsconfig, cwd: ctx.modelDir });
    const out = await swc.minify(plain, {
      ecma: 2022,
      module: false,
      compress: { ecma: 2022, passes: 2 },
      mangle: { toplevel: true },
      toplevel: true,
    });
    return out.code;
  },
  async tscRollupTerserEsm(ctx) {
    const bundle = await rollup({ input: join(ctx.tscOut(), ctx.tscEntry), external: isBuiltin, onwarn: () => {} });
    const { output } = await bundle.generate({ format: "es" });
    await bundle.close();
    if (output.length !== 1) throw new Error("rollup produced more than one chunk");
    const min = await terserMinify(output[0].code, { module: true, ecma: 2022, compress: { passes: 2 }, mangle: true });
    return min.code;
  },
  async tscWebpackCjs(ctx) {
    return runWebpack(join(ctx.tscOut(), ctx.tscEntry), join(ctx.work, "webpack"));
  },
  async tscEsbuildMinCjs(ctx) {
    return esbuildBundle(join(ctx.tscOut(), ctx.tscEntry), { format: "cjs", minify: true, tsconfig: join(ctx.modelDir, "tsconfig.json"), cwd: ctx.work });
  },
};

/** Builds every bundle of `model` from the source tree at modelDir; returns {name: path}. */
export async function buildModel(model, modelDir, outDir, workDir) {
  const spec = MODELS[model];
  mkdirSync(outDir, { recursive: true });
  mkdirSync(workDir, { recursive: true });
  let tscDone;
  const ctx = {
    modelDir,
    work: workDir,
    entry: join(modelDir, spec.entry),
    tsconfig: join(modelDir, "tsconfig.json"),
    tscEntry: spec.tscEntry,
    tscOut: () => {
      const dir = join(workDir, "tsc");
      if (!tscDone) {
        tsc(modelDir, dir);
        tscDone = true;
      }
      return dir;
    },
  };
  const produced = {};
  for (const [name, [m, how]] of Object.entries(BUILDS)) {
    if (m !== model) continue;
    const code = await STEPS[how](ctx);
    const file = join(outDir, `${name}.js`);
    writeFileSync(file, code.endsWith("\n") ? code : code + "\n");
    produced[name] = file;
  }
  return produced;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = join(here, "bundles");
  rmSync(out, { recursive: true, force: true });
  for (const model of Object.keys(MODELS)) {
    const made = await buildModel(model, join(here, "models", model), out, join(here, ".work", "stock", model));
    for (const [name, file] of Object.entries(made)) {
      console.log(`${name.padEnd(28)} ${String(readFileSync(file).length).padStart(7)} bytes  ${resolve(file)}`);
    }
  }
}
