// Builds the six stock bundles of models v and w into bundles/.
//
//   node build.mjs            writes bundles/<model>-<recipe>.js
//
// Three recipes per model; a name containing "esm" is an ES module, every other one is CommonJS.
// Everything is deterministic: the same sources and the pinned tools give the same bytes.
// verify.mjs imports buildBundle() to build hand-fixed copies of a model the same way.
import { mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify as terserMinify } from "terser";
import { minifySync as oxcMinify } from "oxc-minify";

const here = path.dirname(fileURLToPath(import.meta.url));

export const MODELS = {
  v: { entry: "src/server/acp-server.ts" },
  w: { entry: "src/server/acp-server.js" },
};

// model -> recipe names (the bundle is <model>-<recipe>.js)
export const RECIPES = {
  v: ["esb-pretty-cjs", "esb-min-esm", "rollup-terser-cjs"],
  w: ["rollup-pretty-esm", "esb-min-cjs", "rollup-oxc-cjs"],
};

const TARGET = "node22";

// TypeScript for rollup: each .ts module is transpiled alone by esbuild (no bundling, no minifying).
function typescriptViaEsbuild() {
  return {
    name: "ts-via-esbuild",
    resolveId(source, importer) {
      if (!importer || !source.startsWith(".")) return null;
      const base = path.resolve(path.dirname(importer), source);
      for (const candidate of [base, `${base}.ts`, path.join(base, "index.ts")]) {
        if (candidate.endsWith(".ts") && existsSync(candidate)) return candidate;
      }
      return null;
    },
    async transform(code, id) {
      if (!id.endsWith(".ts")) return null;
      const out = await esbuild.transform(code, {
        loader: "ts",
        format: "esm",
        target: TARGET,
        sourcefile: path.basename(id),
        tsconfigRaw: { compilerOptions: { target: "ES2022", useDefineForClassFields: true } },
      });
      return { code: out.code, map: null };
    },
  };
}

async function esbuildBundle(modelRoot, entry, { format, minify }) {
  const result = await esbuild.build({
    absWorkingDir: modelRoot,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: TARGET,
    format,
    minify,
    write: false,
    legalComments: "none",
    logLevel: "warning",
    outfile: "dist/server/acp-server.js",
  });
  return result.outputFiles[0].text;
}

async function rollupBundle(modelRoot, entry, format) {
  const bundle = await rollup({
    input: path.join(modelRoot, entry),
    external: (id) => id.startsWith("node:"),
    plugins: entry.endsWith(".ts") ? [typescriptViaEsbuild()] : [],
    treeshake: true,
    onwarn(warning, warn) {
      if (warning.code === "CIRCULAR_DEPENDENCY") return;
      warn(warning);
    },
  });
  const { output } = await bundle.generate({ format, exports: "named", generatedCode: "es2015" });
  await bundle.close();
  return output[0].code;
}

/** Builds one bundle of the model whose sources are under modelRoot; returns its text. */
export async function buildBundle(model, recipe, modelRoot = path.join(here, "models", model)) {
  const { entry } = MODELS[model];
  switch (recipe) {
    case "esb-pretty-cjs":
      return esbuildBundle(modelRoot, entry, { format: "cjs", minify: false });
    case "esb-min-esm":
      return esbuildBundle(modelRoot, entry, { format: "esm", minify: true });
    case "esb-min-cjs":
      return esbuildBundle(modelRoot, entry, { format: "cjs", minify: true });
    case "rollup-pretty-esm":
      return rollupBundle(modelRoot, entry, "es");
    case "rollup-terser-cjs": {
      const code = await rollupBundle(modelRoot, entry, "cjs");
      const out = await terserMinify(code, {
        ecma: 2022,
        module: false,
        toplevel: true,
        compress: { passes: 2 },
        mangle: true,
        format: { comments: false },
      });
      return out.code;
    }
    case "rollup-oxc-cjs": {
      const code = await rollupBundle(modelRoot, entry, "cjs");
      const out = oxcMinify("acp-server.js", code, {
        module: false,
        compress: { target: "es2022" },
        mangle: { toplevel: true },
        codegen: { removeWhitespace: true },
      });
      if (out.errors?.length) throw new Error(`oxc-minify: ${out.errors.map((e) => e.message).join("; ")}`);
      return out.code;
    }
    default:
      throw new Error(`unknown recipe ${recipe}`);
  }
}

export function bundleName(model, recipe) {
  return `${model}-${recipe}.js`;
}

async function main() {
  const outDir = path.join(here, "bundles");
  await mkdir(outDir, { recursive: true });
  for (const [model, recipes] of Object.entries(RECIPES)) {
    for (const recipe of recipes) {
      const code = await buildBundle(model, recipe);
      await writeFile(path.join(outDir, bundleName(model, recipe)), code);
      console.log(`bundles/${bundleName(model, recipe)}  ${code.length} bytes`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
