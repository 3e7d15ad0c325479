// Builds the stock bundles of models r and s into bundles/ (node build.mjs), and
// exports the build recipes for verify.mjs, which builds the patched variants the same way.
// Toolchain pinned in package.json / package-lock.json:
//   esbuild 0.28.2, rollup 4.69.3 + @rollup/plugin-typescript 12.3.1, terser 5.51.2,
//   oxc-minify 0.145.0, typescript 5.9.3.
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import typescript from "@rollup/plugin-typescript";
import { minify as terserMinify } from "terser";
import { minify as oxcMinify } from "oxc-minify";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const here = dirname(fileURLToPath(import.meta.url));
const ENTRY = "src/server/acp-server.ts";
// Keeps optional chaining, ??=, and ES2022 class fields as written.
const TARGET = "es2022";

/** The three builds of each model: [bundle name, recipe, format]. Names containing "esm" are ES modules. */
export const PLAN = {
  r: [
    ["r-esb-pretty-cjs", "esb-pretty", "cjs"],
    ["r-rollup-terser-esm", "rollup-terser", "esm"],
    ["r-oxc-cjs", "oxc", "cjs"],
  ],
  s: [
    ["s-esb-min-esm", "esb-min", "esm"],
    ["s-tsc-esb-cjs", "tsc-esb", "cjs"],
    ["s-rollup-terser-cjs", "rollup-terser", "cjs"],
  ],
};

async function esbuildBundle(root, entry, format, minify) {
  const out = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: TARGET,
    format,
    minify,
    write: false,
    legalComments: "none",
    logLevel: "error",
  });
  return out.outputFiles[0].text;
}

const recipes = {
  "esb-pretty": (root, format) => esbuildBundle(root, ENTRY, format, false),
  "esb-min": (root, format) => esbuildBundle(root, ENTRY, format, true),

  // esbuild, readable, then oxc-minify (compress + top-level mangling)
  async oxc(root, format) {
    const readable = await esbuildBundle(root, ENTRY, format, false);
    const res = await oxcMinify(format === "esm" ? "acp-server.mjs" : "acp-server.js", readable, {
      module: format === "esm",
      compress: { target: "es2022" },
      mangle: { toplevel: true },
      codegen: { removeWhitespace: true },
    });
    if (res.errors?.length) throw new Error(`oxc-minify: ${res.errors.map((e) => e.message).join("; ")}`);
    return res.code;
  },

  // rollup (TypeScript through @rollup/plugin-typescript), then terser
  async "rollup-terser"(root, format) {
    const bundle = await rollup({
      input: join(root, ENTRY),
      external: (id) => id.startsWith("node:"),
      onwarn: (w, warn) => (w.code === "CIRCULAR_DEPENDENCY" ? undefined : warn(w)),
      plugins: [
        typescript({
          tsconfig: join(root, "tsconfig.json"),
          filterRoot: root,
          include: ["src/**/*.ts"],
          compilerOptions: {
            noEmit: false,
            typeRoots: [join(here, "node_modules/@types")],
          },
          noEmitOnError: true,
        }),
      ],
    });
    const { output } = await bundle.generate({ format: format === "esm" ? "es" : "cjs", exports: "named" });
    await bundle.close();
    const min = await terserMinify(output[0].code, {
      ecma: 2022,
      module: format === "esm",
      toplevel: true,
      compress: { passes: 2 },
      mangle: true,
      format: { comments: false },
    });
    return min.code;
  },

  // tsc emits ES2022 modules, esbuild bundles the JavaScript (readable)
  async "tsc-esb"(root, format) {
    const out = join(root, "dist");
    rmSync(out, { recursive: true, force: true });
    try {
      execFileSync(
        process.execPath,
        [
          join(here, "node_modules/typescript/bin/tsc"),
          "-p", join(root, "tsconfig.json"),
          "--noEmit", "false", "--outDir", out, "--rootDir", join(root, "src"),
          "--typeRoots", join(here, "node_modules/@types"),
        ],
        { stdio: "pipe" },
      );
      return await esbuildBundle(root, "dist/server/acp-server.js", format, false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};

/** Builds one model source tree (a directory holding src/ and tsconfig.json) with one recipe. */
export async function buildBundle(root, recipe, format, outFile) {
  const fn = recipes[recipe];
  if (!fn) throw new Error(`unknown recipe ${recipe}`);
  const code = await fn(resolve(root), format);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, code);
  return outFile;
}

async function main() {
  const outDir = join(here, "bundles");
  rmSync(outDir, { recursive: true, force: true });
  for (const [model, builds] of Object.entries(PLAN)) {
    for (const [name, recipe, format] of builds) {
      const file = await buildBundle(join(here, "models", model), recipe, format, join(outDir, `${name}.js`));
      const text = readFileSync(file, "utf8");
      console.log(`${name}.js  ${recipe}  ${format}  ${text.length} bytes, ${text.split("\n").length} lines`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
