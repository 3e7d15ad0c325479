// Builds the stock bundles of models t and u into bundles/, reproducibly (pinned toolchain, no timestamps).
// usage: node build.mjs            -> bundles/<model>-<recipe>-<cjs|esm>.js for the six stock bundles
// The recipes are exported for verify.mjs, which builds patched copies the same way.
import { mkdirSync, rmSync, writeFileSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createHash } from "node:crypto";
import * as esbuild from "esbuild";
import { minify as terserMinify } from "terser";
import { minify as oxcMinify } from "oxc-minify";
import { rollup } from "rollup";
import typescriptPlugin from "@rollup/plugin-typescript";
import ts from "typescript";

export const ROOT = path.dirname(fileURLToPath(import.meta.url));
const ENTRY = "src/server/acp-server.ts";
const TARGET = "es2022";

// esbuild, unminified CommonJS: keeps `// src/<path>.ts` section comments and original names.
async function esbuildReadable(dir, format = "cjs", entry = ENTRY) {
  const out = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format,
    target: TARGET,
    write: false,
    charset: "utf8",
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

async function esbuildMinified(dir, format) {
  const out = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format,
    target: TARGET,
    minify: true,
    write: false,
    charset: "utf8",
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

async function terser(code, module) {
  const out = await terserMinify(code, {
    ecma: 2020,
    module,
    toplevel: true,
    compress: { passes: 2 },
    mangle: { toplevel: true },
    format: { comments: false },
  });
  return out.code + "\n";
}

async function oxc(code) {
  const out = await oxcMinify("acp-server.js", code, {
    module: false,
    compress: { target: TARGET },
    mangle: { toplevel: true },
    codegen: { removeWhitespace: true },
  });
  if (out.errors?.length) throw new Error(`oxc-minify: ${out.errors.map((e) => e.message).join("; ")}`);
  return out.code + "\n";
}

async function rollupTs(dir, format) {
  const bundle = await rollup({
    input: path.join(dir, ENTRY),
    external: (id) => id.startsWith("node:"),
    plugins: [typescriptPlugin({ tsconfig: path.join(dir, "tsconfig.json"), noEmitOnError: true, outputToFilesystem: false })],
    onwarn(warning, warn) {
      throw new Error(`rollup: ${warning.message}`);
    },
  });
  const { output } = await bundle.generate({ format, exports: "named" });
  await bundle.close();
  return output[0].code;
}

// tsc (the TypeScript compiler API) to ES2022 modules in a scratch folder, then esbuild bundles them.
async function tscThenEsbuild(dir) {
  const scratch = path.join(dir, ".tsc-out");
  rmSync(scratch, { recursive: true, force: true });
  const configPath = path.join(dir, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir, { outDir: scratch, noEmit: false });
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length) {
    throw new Error(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  }
  try {
    return await esbuildReadable(scratch, "cjs", ENTRY.replace(/\.ts$/, ".js"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** recipe name -> [how it loads, build(dir) -> code] */
export const RECIPES = {
  "esb-pretty-cjs": ["cjs", "esbuild 0.28.2, readable", (dir) => esbuildReadable(dir, "cjs")],
  "esb-min-esm": ["esm", "esbuild 0.28.2 --minify", (dir) => esbuildMinified(dir, "esm")],
  "esb-terser-cjs": ["cjs", "esbuild readable, then terser 5.51.2 (toplevel mangle)", async (dir) => terser(await esbuildReadable(dir, "cjs"), false)],
  "esb-oxc-cjs": ["cjs", "esbuild readable, then oxc-minify 0.145.0 (toplevel mangle)", async (dir) => oxc(await esbuildReadable(dir, "cjs"))],
  "rollup-terser-esm": ["esm", "rollup 4 + @rollup/plugin-typescript, then terser 5.51.2 (toplevel mangle)", async (dir) => terser(await rollupTs(dir, "es"), true)],
  "tsc-esb-cjs": ["cjs", "tsc 5.9.3 (ES2022 modules), then esbuild 0.28.2 bundle, readable", (dir) => tscThenEsbuild(dir)],
};

/** which three recipes each model is built with */
export const MODEL_RECIPES = {
  t: ["esb-pretty-cjs", "esb-oxc-cjs", "rollup-terser-esm"],
  u: ["esb-min-esm", "esb-terser-cjs", "tsc-esb-cjs"],
};

export function bundleName(model, recipe) {
  return `${model}-${recipe}.js`;
}

export async function buildRecipe(dir, recipe) {
  const [, , build] = RECIPES[recipe];
  const code = await build(dir);
  if (!code.includes("?.")) throw new Error(`${recipe}: optional chaining was lowered`);
  return code;
}

export const sha256 = (text) => createHash("sha256").update(text).digest("hex");

async function main() {
  const outDir = path.join(ROOT, "bundles");
  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(outDir)) if (name.endsWith(".js")) rmSync(path.join(outDir, name));
  for (const [model, recipes] of Object.entries(MODEL_RECIPES)) {
    for (const recipe of recipes) {
      const code = await buildRecipe(path.join(ROOT, "models", model), recipe);
      const file = path.join(outDir, bundleName(model, recipe));
      writeFileSync(file, code);
      console.log(`${path.relative(ROOT, file)}  ${code.length} bytes  sha256 ${sha256(code).slice(0, 16)}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
