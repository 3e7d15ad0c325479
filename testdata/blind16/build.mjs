#!/usr/bin/env node
// Builds each model four ways into bundles/ (or --out DIR), deterministically.
//   node build.mjs [--models DIR] [--out DIR]
// o: esbuild readable CJS, esbuild minified CJS, esbuild minified ESM, tsc + rollup + terser CJS
// p: esbuild readable CJS, esbuild minified CJS, esbuild minified ESM, tsc + rollup readable ESM
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify } from "terser";

const here = path.dirname(fileURLToPath(import.meta.url));
const tscBin = path.join(here, "node_modules/typescript/bin/tsc");

export const MODELS = {
  o: { entry: "src/server/acp-server.ts", extra: "rollup-terser-cjs" },
  p: { entry: "src/acp-server.ts", extra: "tsc-rollup-esm" },
};

async function esbuildOne(modelDir, entry, format, minified) {
  const result = await esbuild.build({
    absWorkingDir: modelDir,
    entryPoints: [entry],
    tsconfig: "tsconfig.json",
    bundle: true,
    platform: "node",
    target: "node22",
    format,
    minify: minified,
    write: false,
    legalComments: "none",
    logLevel: "error",
  });
  return result.outputFiles[0].text;
}

async function tscRollup(modelDir, entry, format) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "b16-tsc-"));
  try {
    const tsc = spawnSync(process.execPath, [tscBin, "-p", path.join(modelDir, "tsconfig.json"), "--outDir", tmp], { encoding: "utf8" });
    if (tsc.status !== 0) throw new Error(`tsc failed for ${modelDir}:\n${tsc.stdout}${tsc.stderr}`);
    const bundle = await rollup({
      input: path.join(tmp, entry.replace(/^src\//, "").replace(/\.ts$/, ".js")),
      external: [/^node:/],
      onwarn(warning) {
        throw new Error(`rollup: ${warning.message}`);
      },
    });
    const { output } = await bundle.generate({ format, exports: "named" });
    await bundle.close();
    return output[0].code;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function extraBuild(name, modelDir, entry) {
  if (MODELS[name].extra === "rollup-terser-cjs") {
    const code = await tscRollup(modelDir, entry, "cjs");
    const out = await minify(code, {
      ecma: 2022,
      module: false,
      toplevel: true,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    return out.code;
  }
  return tscRollup(modelDir, entry, "es");
}

/** Builds model `name` from `modelDir` into `outDir`; returns the written file names. */
export async function buildModel(name, modelDir, outDir) {
  const { entry, extra } = MODELS[name];
  fs.mkdirSync(outDir, { recursive: true });
  const files = {
    [`${name}-esb-pretty-cjs.js`]: await esbuildOne(modelDir, entry, "cjs", false),
    [`${name}-esb-min-cjs.js`]: await esbuildOne(modelDir, entry, "cjs", true),
    [`${name}-esb-min-esm.js`]: await esbuildOne(modelDir, entry, "esm", true),
    [`${name}-${extra}.js`]: await extraBuild(name, modelDir, entry),
  };
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(outDir, file), text);
  return Object.keys(files);
}

export async function buildAll(modelsRoot, outDir) {
  const written = [];
  for (const name of Object.keys(MODELS)) written.push(...(await buildModel(name, path.join(modelsRoot, name), outDir)));
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (flag, fallback) => (args.includes(flag) ? path.resolve(args[args.indexOf(flag) + 1]) : fallback);
  const outDir = opt("--out", path.join(here, "bundles"));
  const modelsRoot = opt("--models", path.join(here, "models"));
  fs.rmSync(outDir, { recursive: true, force: true });
  const written = await buildAll(modelsRoot, outDir);
  for (const file of written) console.log(`built ${path.relative(process.cwd(), path.join(outDir, file))}`);
}
