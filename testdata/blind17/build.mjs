// Builds the stock bundles of models q and r, four ways each:
//   q-esb-pretty-cjs          esbuild, readable, CommonJS
//   q-esb-min-esm             esbuild --minify, ES module
//   q-tsc-rollup-terser-cjs   tsc -> rollup (cjs) -> terser (compress + toplevel mangle)
//   q-tsc-rollup-swc-esm      tsc -> rollup (esm) -> swc minify (compress + toplevel mangle)
//   r-esb-min-cjs             esbuild --minify, CommonJS
//   r-tsc-rollup-esm          tsc -> rollup (esm), readable
//   r-tsc-rollup-oxc-cjs      tsc -> rollup (cjs) -> oxc-minify
//   r-esb-swc-min-esm         esbuild readable ESM -> swc minify
// usage: node build.mjs [OUTDIR]   (default: bundles/)
// buildModel() is also used by verify.mjs on patched copies of a model's sources.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify as terserMinify } from "terser";
import { minify as swcMinify } from "@swc/core";
import { minify as oxcMinify } from "oxc-minify";

const here = dirname(fileURLToPath(import.meta.url));
const tscBin = join(here, "node_modules/typescript/bin/tsc");
const ENTRY = { q: "src/index.ts", r: "src/main.ts" };
const TSC_ENTRY = { q: "index.js", r: "main.js" };

export const PIPELINES = {
  q: ["esb-pretty-cjs", "esb-min-esm", "tsc-rollup-terser-cjs", "tsc-rollup-swc-esm"],
  r: ["esb-min-cjs", "tsc-rollup-esm", "tsc-rollup-oxc-cjs", "esb-swc-min-esm"],
};

async function esb(modelDir, model, format, minify) {
  const result = await esbuild.build({
    absWorkingDir: modelDir,
    entryPoints: [ENTRY[model]],
    bundle: true,
    platform: "node",
    target: "node22",
    format,
    minify,
    tsconfig: join(modelDir, "tsconfig.json"),
    write: false,
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

function tsc(modelDir) {
  const out = mkdtempSync(join(tmpdir(), "b17-tsc-"));
  execFileSync(process.execPath, [tscBin, "-p", join(modelDir, "tsconfig.json"), "--outDir", out], { stdio: "inherit" });
  return out;
}

async function rollupBundle(tscOut, model, format) {
  const bundle = await rollup({
    input: join(tscOut, TSC_ENTRY[model]),
    external: (id) => id.startsWith("node:"),
    onwarn(w, warn) {
      if (w.code !== "THIS_IS_UNDEFINED" && w.code !== "CIRCULAR_DEPENDENCY") warn(w);
    },
  });
  const { output } = await bundle.generate({ format, exports: "named", generatedCode: "es2015" });
  await bundle.close();
  return output[0].code;
}

async function terser(code) {
  const r = await terserMinify(code, { ecma: 2020, module: false, toplevel: true, compress: { passes: 2 }, mangle: { toplevel: true }, format: { comments: false } });
  return r.code + "\n";
}

async function swc(code) {
  const r = await swcMinify(code, { ecma: 2022, module: true, compress: { passes: 2 }, mangle: { toplevel: true }, format: { comments: false } });
  return r.code + "\n";
}

async function oxc(code) {
  const r = await oxcMinify("acp-server.js", code, { compress: { target: "es2022" }, mangle: { toplevel: true }, codegen: { removeWhitespace: true } });
  if (r.errors?.length) throw new Error("oxc-minify: " + JSON.stringify(r.errors));
  return r.code + "\n";
}

/** Builds one model from modelDir (holding src/ and tsconfig.json) by one pipeline; returns the code. */
export async function buildModel(model, modelDir, pipeline) {
  let tscOut;
  const viaTsc = () => (tscOut ??= tsc(modelDir));
  try {
    switch (pipeline) {
      case "esb-pretty-cjs":
        return await esb(modelDir, model, "cjs", false);
      case "esb-min-esm":
        return await esb(modelDir, model, "esm", true);
      case "esb-min-cjs":
        return await esb(modelDir, model, "cjs", true);
      case "esb-swc-min-esm":
        return await swc(await esb(modelDir, model, "esm", false));
      case "tsc-rollup-terser-cjs":
        return await terser(await rollupBundle(viaTsc(), model, "cjs"));
      case "tsc-rollup-swc-esm":
        return await swc(await rollupBundle(viaTsc(), model, "es"));
      case "tsc-rollup-esm":
        return await rollupBundle(viaTsc(), model, "es");
      case "tsc-rollup-oxc-cjs":
        return await oxc(await rollupBundle(viaTsc(), model, "cjs"));
      default:
        throw new Error("unknown pipeline " + pipeline);
    }
  } finally {
    if (tscOut) rmSync(tscOut, { recursive: true, force: true });
  }
}

export async function buildAll(outDir) {
  mkdirSync(outDir, { recursive: true });
  const written = [];
  for (const model of Object.keys(PIPELINES)) {
    for (const pipeline of PIPELINES[model]) {
      const name = `${model}-${pipeline}.js`;
      writeFileSync(join(outDir, name), await buildModel(model, join(here, model), pipeline));
      written.push(name);
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = resolve(process.argv[2] ?? join(here, "bundles"));
  const names = await buildAll(outDir);
  for (const n of names) console.log(`${n}  ${readFileSync(join(outDir, n)).length} bytes`);
}
