#!/usr/bin/env node
// Builds the model bundles.  `node build.mjs` regenerates bundles/ (stock, byte-for-byte);
// verify.mjs calls buildModel() on patched copies of the sources.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify } from "terser";
import webpack from "webpack";

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = path.join(here, "node_modules/typescript/bin/tsc");

export const MODELS = {
  m: { entry: "src/server/acp-server.ts", tscEntry: "server/acp-server.js", node: "node22", extra: "rollup-terser-cjs" },
  n: { entry: "src/acp-server.ts", tscEntry: "acp-server.js", node: "node20", extra: "webpack-cjs" },
};

async function esb(modelDir, cfg, outfile, opts) {
  await esbuild.build({
    absWorkingDir: modelDir,
    entryPoints: [cfg.entry],
    bundle: true,
    platform: "node",
    target: cfg.node,
    outfile,
    logLevel: "warning",
    legalComments: "none",
    ...opts,
  });
}

function compileTs(modelDir, outDir) {
  fs.rmSync(outDir, { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, "-p", path.join(modelDir, "tsconfig.json"), "--outDir", outDir], { stdio: "inherit" });
}

async function rollupTerser(jsDir, cfg, outfile) {
  const bundle = await rollup({
    input: path.join(jsDir, cfg.tscEntry),
    external: (id) => id.startsWith("node:"),
    onwarn(w, warn) { if (w.code !== "CIRCULAR_DEPENDENCY") warn(w); },
  });
  const { output } = await bundle.generate({ format: "cjs", exports: "named", generatedCode: "es2015" });
  await bundle.close();
  const min = await minify(output[0].code, {
    ecma: 2022,
    module: false,
    toplevel: true,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  fs.writeFileSync(outfile, min.code + "\n");
}

function webpackBuild(jsDir, cfg, outfile) {
  const compiler = webpack({
    mode: "production",
    context: jsDir,
    entry: "./" + cfg.tscEntry,
    target: cfg.node,
    devtool: false,
    output: {
      path: path.dirname(outfile),
      filename: path.basename(outfile),
      library: { type: "commonjs2" },
      clean: false,
    },
    resolve: { extensions: [".js"] },
    optimization: { concatenateModules: false, moduleIds: "deterministic", chunkIds: "deterministic" },
    performance: { hints: false },
    infrastructureLogging: { level: "error" },
    cache: false,
  });
  return new Promise((resolve, reject) =>
    compiler.run((err, stats) => {
      compiler.close(() => {});
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString("errors-only")));
      resolve();
    }),
  );
}

/** Builds one model from modelDir into outDir as <prefix>-<build>.js; returns the files written. */
export async function buildModel(model, modelDir, outDir, prefix = model, scratch = path.join(here, "build", prefix)) {
  const cfg = MODELS[model];
  fs.mkdirSync(outDir, { recursive: true });
  const out = (b) => path.join(outDir, `${prefix}-${b}.js`);
  await esb(modelDir, cfg, out("esb-pretty-cjs"), { format: "cjs" });
  await esb(modelDir, cfg, out("esb-min-cjs"), { format: "cjs", minify: true });
  await esb(modelDir, cfg, out("esb-min-esm"), { format: "esm", minify: true });
  const jsDir = path.join(scratch, "tsc");
  compileTs(modelDir, jsDir);
  if (cfg.extra === "rollup-terser-cjs") await rollupTerser(jsDir, cfg, out(cfg.extra));
  else await webpackBuild(jsDir, cfg, out(cfg.extra));
  fs.rmSync(scratch, { recursive: true, force: true });
  return ["esb-pretty-cjs", "esb-min-cjs", "esb-min-esm", cfg.extra].map(out);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bundles = path.join(here, "bundles");
  fs.rmSync(bundles, { recursive: true, force: true });
  for (const model of Object.keys(MODELS)) {
    for (const f of await buildModel(model, path.join(here, model), bundles)) console.log(path.relative(here, f));
  }
  fs.rmSync(path.join(here, "build"), { recursive: true, force: true });
}
