// Builds the stock bundles (bundles/) and the reference-fix variants (build/variants/<variant>/) of models x and y.
//   node build.mjs
// Variants are the stock source with variants/<model>/*.patch applied (patch -p1); they are never written to bundles/.
import { execFileSync } from "node:child_process";
import { rmSync, mkdirSync, cpSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import terser from "@rollup/plugin-terser";
import webpack from "webpack";
import { minify } from "terser";

const root = dirname(fileURLToPath(import.meta.url));
const VARIANTS = { stock: [], seed: ["seed"], gate: ["gate"], "seed-rewind": ["seed", "rewind"], "gate-rewind": ["gate", "rewind"] };

function sourceFor(model, variant) {
  const patches = VARIANTS[variant];
  if (patches.length === 0) return join(root, "models", model);
  const dir = join(root, "build", "vsrc", `${model}-${variant}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, "models", model), dir, { recursive: true });
  for (const p of patches) execFileSync("patch", ["-s", "-p1", "-d", dir, "-i", join(root, "variants", model, `${p}.patch`)]);
  return dir;
}

// model x: TypeScript bundled by esbuild directly
async function buildX(src, outDir) {
  const common = { absWorkingDir: src, entryPoints: ["src/index.ts"], bundle: true, platform: "node", target: "node22", tsconfig: join(src, "tsconfig.json"), logLevel: "warning" };
  await esbuild.build({ ...common, format: "cjs", outfile: join(outDir, "x-esbuild-cjs.js") });
  await esbuild.build({ ...common, format: "esm", minify: true, outfile: join(outDir, "x-esbuild-min-esm.js") });
  // third build: esbuild's readable CJS, minified by terser (top-level mangling, two compress passes)
  const readable = readFileSync(join(outDir, "x-esbuild-cjs.js"), "utf8");
  const min = await minify(readable, { ecma: 2022, module: false, toplevel: true, compress: { passes: 2 }, mangle: true });
  writeFileSync(join(outDir, "x-esbuild-terser-cjs.js"), min.code);
}

// model y: tsc (legacy decorators, ES2022), then rollup+terser (ESM) and webpack 5 production (CJS)
async function buildY(src, outDir, variant) {
  const js = join(root, "build", "js", `y-${variant}`);
  rmSync(js, { recursive: true, force: true });
  execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", join(src, "tsconfig.json"), "--outDir", js], { stdio: "inherit" });
  const bundle = await rollup({ input: join(js, "index.js"), onwarn: (w, warn) => (w.code === "THIS_IS_UNDEFINED" ? undefined : warn(w)) });
  await bundle.write({ file: join(outDir, "y-rollup-terser-esm.js"), format: "es", plugins: [terser({ ecma: 2022, module: true, compress: { passes: 2 } })] });
  await bundle.close();
  await new Promise((resolve, reject) =>
    webpack(
      {
        mode: "production",
        target: "node22",
        entry: join(js, "index.js"),
        output: { path: outDir, filename: "y-webpack-cjs.js", library: { type: "commonjs2" } },
        optimization: { concatenateModules: true, minimize: true },
        module: { rules: [{ test: /\.js$/, type: "javascript/esm" }] },
        devtool: false,
      },
      (err, stats) => (err || stats.hasErrors() ? reject(err ?? new Error(stats.toString("errors-only"))) : resolve()),
    ),
  );
}

rmSync(join(root, "build", "variants"), { recursive: true, force: true });
for (const variant of Object.keys(VARIANTS)) {
  const outDir = variant === "stock" ? join(root, "bundles") : join(root, "build", "variants", variant);
  mkdirSync(outDir, { recursive: true });
  await buildX(sourceFor("x", variant), outDir);
  await buildY(sourceFor("y", variant), outDir, variant);
  console.log(`built ${variant} -> ${outDir}`);
}
