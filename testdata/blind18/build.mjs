#!/usr/bin/env node
// Builds the blind models s and t, stock and with the hand-written reference fixes, four ways each.
//
//   node build.mjs [OUTDIR]      (default: this directory)
//
// OUTDIR/bundles/<model>-<how>.js            stock (what the tool is run on)
// OUTDIR/variants/<model>-<fix>-<how>.js     reference fixes: seed, gate, seed-rewind, gate-rewind
//
// Sources: src/<model>/ (stock); fixes/<model>/<part>/ holds whole replacement files for a fix part
// (seed, gate, rewind), overlaid on a copy of the stock source in .stage/<model>-<variant>/src.
import { cpSync, mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify as terserMinify } from "terser";
import { minifySync as oxcMinify } from "oxc-minify";
import webpack from "webpack";

const root = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? root);
const require = createRequire(import.meta.url);
const tscBin = join(root, "node_modules", "typescript", "bin", "tsc");

const models = {
  s: { entry: "index", builds: ["esb-min-esm", "esb-pretty-cjs", "tsc-rollup-terser-cjs", "tsc-webpack-cjs"] },
  t: { entry: "main", builds: ["esb-min-esm", "esb-pretty-cjs", "tsc-rollup-oxc-esm", "tsc-rollup-pretty-cjs"] },
};
const variants = { stock: [], seed: ["seed"], gate: ["gate"], "seed-rewind": ["seed", "rewind"], "gate-rewind": ["gate", "rewind"] };
const NODE_BUILTINS = /^node:/;

function stage(model, variant) {
  const dir = join(root, ".stage", `${model}-${variant}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, "src", model), join(dir, "src"), { recursive: true });
  for (const part of variants[variant]) cpSync(join(root, "fixes", model, part), join(dir, "src"), { recursive: true });
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ extends: "../../tsconfig.base.json", compilerOptions: { rootDir: "src", outDir: "dist" }, include: ["src"] }, null, 1),
  );
  return dir;
}

function tsc(dir) {
  execFileSync(process.execPath, [tscBin, "-p", join(dir, "tsconfig.json")], { stdio: "inherit" });
}

async function esb(dir, entry, format, minify) {
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [`src/${entry}.ts`],
    bundle: true,
    platform: "node",
    target: "node22",
    format,
    minify,
    write: false,
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}

async function rollupDist(dir, entry, format) {
  const bundle = await rollup({ input: join(dir, "dist", `${entry}.js`), external: (id) => NODE_BUILTINS.test(id), onwarn: (w) => { throw new Error(w.message); } });
  const { output } = await bundle.generate({ format, exports: "named", generatedCode: "es2015" });
  await bundle.close();
  return output[0].code;
}

function webpackDist(dir, entry) {
  return new Promise((resolveBuild, reject) => {
    const compiler = webpack({
      mode: "none",
      context: dir,
      target: "node22",
      entry: `./dist/${entry}.js`,
      output: { path: join(dir, "webpack-out"), filename: "bundle.js", library: { type: "commonjs2" } },
      optimization: { minimize: false, concatenateModules: false },
      devtool: false,
      infrastructureLogging: { level: "error" },
    });
    compiler.run((error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString("errors-only")));
      compiler.close(() => resolveBuild(readFileSync(join(dir, "webpack-out", "bundle.js"), "utf8")));
    });
  });
}

async function buildOne(model, variant, how) {
  const { entry } = models[model];
  const dir = join(root, ".stage", `${model}-${variant}`);
  switch (how) {
    case "esb-min-esm":
      return esb(dir, entry, "esm", true);
    case "esb-pretty-cjs":
      return esb(dir, entry, "cjs", false);
    case "tsc-rollup-terser-cjs": {
      const code = await rollupDist(dir, entry, "cjs");
      const result = await terserMinify(code, { ecma: 2022, module: false, toplevel: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
      return result.code + "\n";
    }
    case "tsc-webpack-cjs":
      return webpackDist(dir, entry);
    case "tsc-rollup-oxc-esm": {
      const code = await rollupDist(dir, entry, "es");
      const result = oxcMinify("bundle.mjs", code, { module: true, compress: { target: "es2022" }, mangle: { toplevel: true } });
      if (result.errors.length) throw new Error(JSON.stringify(result.errors));
      return result.code;
    }
    case "tsc-rollup-pretty-cjs":
      return rollupDist(dir, entry, "cjs");
    default:
      throw new Error(`unknown build ${how}`);
  }
}

mkdirSync(join(out, "bundles"), { recursive: true });
mkdirSync(join(out, "variants"), { recursive: true });
const written = [];
for (const [model, { builds }] of Object.entries(models)) {
  for (const variant of Object.keys(variants)) {
    const dir = stage(model, variant);
    if (builds.some((how) => how.startsWith("tsc-"))) tsc(dir);
    for (const how of builds) {
      const code = await buildOne(model, variant, how);
      const file = variant === "stock" ? join(out, "bundles", `${model}-${how}.js`) : join(out, "variants", `${model}-${variant}-${how}.js`);
      writeFileSync(file, code);
      written.push(file);
    }
  }
}
console.log(`built ${written.length} files into ${out}`);
