// Build recipes shared by build.mjs (stock bundles) and verify.mjs (hand-made reference fixes).
// Every recipe bundles one model's sources into a single acp-server.js-like file; outputs are byte-reproducible.
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify as terserMinify } from "terser";
import { minify as oxcMinify } from "oxc-minify";
import { existsSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

export const MODELS = {
  g: { entry: "src/acp-server.ts" },
  h: { entry: "src/index.js" },
};

const isBuiltin = (id) => id.startsWith("node:") || builtinModules.includes(id);

// esbuild straight from the sources. absWorkingDir is the model folder, so section comments read `// src/….ts`.
async function esb(modelDir, entry, { format, minify }) {
  const r = await esbuild.build({
    absWorkingDir: modelDir,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: "node22",
    format,
    minify,
    write: false,
    legalComments: "none",
    charset: "utf8",
    logLevel: "silent",
  });
  return r.outputFiles[0].text;
}

// rollup, with TypeScript stripped per module by esbuild's transform (no type checking, like a real build step).
async function rollupBundle(modelDir, entry, format) {
  const tsPlugin = {
    name: "strip-ts",
    resolveId(source, importer) {
      if (isBuiltin(source)) return { id: source, external: true };
      if (!importer || !source.startsWith(".")) return null;
      const base = path.resolve(path.dirname(importer), source);
      for (const cand of [base, `${base}.ts`, `${base}.js`, path.join(base, "index.ts")]) {
        if (existsSync(cand) && !cand.endsWith(path.sep)) return cand;
      }
      return null;
    },
    async transform(code, id) {
      if (!id.endsWith(".ts")) return null;
      const out = await esbuild.transform(code, { loader: "ts", target: "es2022", format: "esm", sourcefile: path.relative(modelDir, id) });
      return { code: out.code, map: null };
    },
  };
  const bundle = await rollup({ input: path.join(modelDir, entry), plugins: [tsPlugin], treeshake: true, logLevel: "silent" });
  const { output } = await bundle.generate({ format, exports: "named", generatedCode: "es2015", interop: "auto" });
  await bundle.close();
  return output[0].code;
}

async function terser(code, module) {
  const r = await terserMinify(code, {
    ecma: 2022,
    module,
    toplevel: true,
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  return r.code + "\n";
}

async function oxc(code, module) {
  const r = await oxcMinify("acp-server.js", code, {
    module,
    compress: { target: "es2022" },
    mangle: { toplevel: true },
  });
  if (r.errors.length) throw new Error(`oxc-minify: ${r.errors.map((e) => e.message).join("; ")}`);
  return r.code + "\n";
}

// name -> how it is built. Names containing "esm" are ES modules, the others CommonJS.
export const RECIPES = {
  g: {
    "esb-pretty-cjs": (dir, entry) => esb(dir, entry, { format: "cjs", minify: false }),
    "esb-min-esm": (dir, entry) => esb(dir, entry, { format: "esm", minify: true }),
    "rollup-terser-cjs": async (dir, entry) => terser(await rollupBundle(dir, entry, "cjs"), false),
  },
  h: {
    "rollup-esm": (dir, entry) => rollupBundle(dir, entry, "es"),
    "esb-min-cjs": (dir, entry) => esb(dir, entry, { format: "cjs", minify: true }),
    "esb-oxc-esm": async (dir, entry) => oxc(await esb(dir, entry, { format: "esm", minify: false }), true),
  },
};

export const RECIPE_NOTES = {
  "esb-pretty-cjs": "esbuild 0.28.2 bundle, readable, CommonJS, target node22",
  "esb-min-esm": "esbuild 0.28.2 bundle --minify, ES module, target node22",
  "rollup-terser-cjs": "rollup 4.69.3 (TypeScript stripped per module by esbuild.transform), CommonJS, then terser 5.51.2 (toplevel, 2 passes)",
  "rollup-esm": "rollup 4.69.3, readable, ES module",
  "esb-min-cjs": "esbuild 0.28.2 bundle --minify, CommonJS, target node22",
  "esb-oxc-esm": "esbuild 0.28.2 bundle (readable ESM), then oxc-minify 0.145.0 (compress es2022, toplevel mangle)",
};

/** Builds every recipe of one model from modelDir; returns [{ name, code }]. */
export async function buildAll(model, modelDir) {
  const out = [];
  for (const [recipe, fn] of Object.entries(RECIPES[model])) {
    out.push({ name: `${model}-${recipe}.js`, recipe, code: await fn(modelDir, MODELS[model].entry) });
  }
  return out;
}
