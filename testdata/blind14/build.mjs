// Regenerates bundles/ byte-for-byte from models/<m>/src with the pinned bundlers in package-lock.json.
//   node build.mjs            -> writes bundles/*.js
//   import { buildModel } from "./build.mjs"   (verify.mjs builds source-level reference fixes with it)
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import typescript from "@rollup/plugin-typescript";
import { minify as terserMinify } from "terser";
import swc from "@swc/core";

const here = dirname(fileURLToPath(import.meta.url));

export const MODELS = {
  k: { entry: "src/server/acp-server.ts", variants: ["esb-pretty-cjs", "esb-min-cjs", "esb-min-esm", "rollup-terser-esm"] },
  l: { entry: "src/acp/server.ts", variants: ["esb-pretty-cjs", "esb-min-cjs", "esb-min-esm", "swc-min-cjs"] },
};

async function esbuildBundle(modelDir, entry, { format, minify }) {
  const result = await esbuild.build({
    absWorkingDir: modelDir,
    entryPoints: [entry],
    tsconfig: "tsconfig.json",
    bundle: true,
    platform: "node",
    target: "node22",
    format,
    minify,
    write: false,
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

async function rollupTerser(modelDir, entry, format) {
  const bundle = await rollup({
    input: join(modelDir, entry),
    external: [/^node:/],
    plugins: [
      typescript({
        tsconfig: join(modelDir, "tsconfig.json"),
        compilerOptions: { noEmit: false, declaration: false, sourceMap: false, outDir: undefined, typeRoots: [join(here, "node_modules/@types")] },
        include: [join(modelDir, "src/**/*.ts")],
        noForceEmit: false,
      }),
    ],
    onwarn(warning, warn) {
      if (warning.code === "CIRCULAR_DEPENDENCY") return;
      warn(warning);
    },
  });
  const { output } = await bundle.generate({ format: format === "esm" ? "es" : "cjs", exports: "named" });
  await bundle.close();
  const minified = await terserMinify(output[0].code, {
    module: format === "esm",
    ecma: 2022,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  return minified.code + "\n";
}

async function swcMinified(modelDir, entry) {
  const plain = await esbuildBundle(modelDir, entry, { format: "cjs", minify: false });
  const result = await swc.minify(plain, {
    compress: { passes: 2, toplevel: true },
    mangle: { toplevel: true },
    ecma: 2022,
    module: false,
    format: { comments: false },
  });
  return result.code + "\n";
}

/** Builds one variant of a model whose sources live in modelDir (models/<m> or a patched copy). */
export async function buildVariant(modelDir, model, variant) {
  const { entry } = MODELS[model];
  switch (variant) {
    case "esb-pretty-cjs":
      return esbuildBundle(modelDir, entry, { format: "cjs", minify: false });
    case "esb-min-cjs":
      return esbuildBundle(modelDir, entry, { format: "cjs", minify: true });
    case "esb-min-esm":
      return esbuildBundle(modelDir, entry, { format: "esm", minify: true });
    case "rollup-terser-esm":
      return rollupTerser(modelDir, entry, "esm");
    case "swc-min-cjs":
      return swcMinified(modelDir, entry);
    default:
      throw new Error(`unknown variant ${variant}`);
  }
}

/** Builds every variant of a model into outDir as <model>-<variant>.js; returns the paths. */
export async function buildModel(modelDir, model, outDir) {
  await mkdir(outDir, { recursive: true });
  const written = [];
  for (const variant of MODELS[model].variants) {
    const file = join(outDir, `${model}-${variant}.js`);
    await writeFile(file, await buildVariant(modelDir, model, variant));
    written.push(file);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.slice(2);
  for (const model of Object.keys(MODELS)) {
    if (only.length && !only.includes(model)) continue;
    for (const file of await buildModel(join(here, "models", model), model, join(here, "bundles"))) console.log(`built ${file}`);
  }
}
