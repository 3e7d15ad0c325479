// Builds one model's source tree with several real bundlers.
//   buildAll(model, dir, outDir) -> [{ how, file }]
// dir holds src/ (the model's sources, stock or with a reference fix applied).
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import terser from "@rollup/plugin-terser";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import { minify as oxcMinify } from "oxc-minify";
import webpack from "webpack";

const here = path.dirname(new URL(import.meta.url).pathname);
const bin = (n) => path.join(here, "node_modules/.bin", n);

export const BUILDS = {
  u: ["esb-min-esm", "esb-pretty-cjs", "tsc-rollup-terser-cjs", "tsc-rollup-oxc-esm", "tsc-webpack-cjs"],
  v: ["esb-min-esm", "esb-pretty-cjs", "rollup-terser-esm", "rollup-oxc-cjs", "webpack-cjs"],
};

function entryOf(model, dir) {
  return path.join(dir, "src", model === "u" ? "index.ts" : "index.js");
}

// u is TypeScript: tsc emits ES2022 modules that rollup and webpack then bundle.
function tscEmit(dir) {
  const out = path.join(dir, "tsc-out");
  if (fs.existsSync(path.join(out, "index.js"))) return out;
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({
    compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "Bundler", strict: true, useDefineForClassFields: true,
      outDir: "tsc-out", rootDir: "src", skipLibCheck: true, types: ["node"], typeRoots: [path.join(here, "node_modules/@types")] },
    include: ["src"],
  }));
  execFileSync(bin("tsc"), ["-p", path.join(dir, "tsconfig.json")], { stdio: "inherit" });
  return out;
}

async function rollupBuild(input, format, minifier) {
  const bundle = await rollup({ input, external: [/^node:/], plugins: [nodeResolve({ extensions: [".js"] })], onwarn() {} });
  const plugins = minifier === "terser" ? [terser({ ecma: 2022, module: format === "es", compress: { passes: 2 } })] : [];
  const { output } = await bundle.generate({ format, exports: "named", plugins });
  await bundle.close();
  let code = output[0].code;
  if (minifier === "oxc") {
    const r = await oxcMinify("bundle.js", code, { mangle: { toplevel: true }, compress: { target: "es2022" }, module: format === "es" });
    if (r.errors?.length) throw new Error(JSON.stringify(r.errors));
    code = r.code;
  }
  return code;
}

function webpackBuild(entry, outFile) {
  return new Promise((resolve, reject) => {
    webpack({
      mode: "production", target: "node20", entry, context: path.dirname(entry),
      output: { path: path.dirname(outFile), filename: path.basename(outFile), library: { type: "commonjs2" } },
      optimization: { concatenateModules: false },
      externalsPresets: { node: true },
      resolve: { extensions: [".js"], fullySpecified: false },
      module: { rules: [{ test: /\.js$/, type: "javascript/auto", resolve: { fullySpecified: false } }] },
    }, (err, stats) => {
      if (err || stats.hasErrors()) reject(err ?? new Error(stats.toString("errors-only")));
      else resolve();
    });
  });
}

export async function build(model, how, dir, outFile) {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const entry = entryOf(model, dir);
  switch (how) {
    case "esb-min-esm":
      await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform: "node", target: "node22", outfile: outFile, absWorkingDir: dir, logLevel: "warning" });
      break;
    case "esb-pretty-cjs":
      await esbuild.build({ entryPoints: [entry], bundle: true, format: "cjs", platform: "node", target: "node22", outfile: outFile, absWorkingDir: dir, logLevel: "warning" });
      break;
    case "tsc-rollup-terser-cjs":
      fs.writeFileSync(outFile, await rollupBuild(path.join(tscEmit(dir), "index.js"), "cjs", "terser"));
      break;
    case "tsc-rollup-oxc-esm":
      fs.writeFileSync(outFile, await rollupBuild(path.join(tscEmit(dir), "index.js"), "es", "oxc"));
      break;
    case "tsc-webpack-cjs":
      await webpackBuild(path.join(tscEmit(dir), "index.js"), outFile);
      break;
    case "rollup-terser-esm":
      fs.writeFileSync(outFile, await rollupBuild(entry, "es", "terser"));
      break;
    case "rollup-oxc-cjs":
      fs.writeFileSync(outFile, await rollupBuild(entry, "cjs", "oxc"));
      break;
    case "webpack-cjs":
      await webpackBuild(entry, outFile);
      break;
    default:
      throw new Error(`unknown build ${how}`);
  }
  return outFile;
}

// Stock bundles for the corpus runner: bundles/<model>-<how>.js
if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const model of Object.keys(BUILDS)) {
    const dir = path.join(here, "build", "stock-" + model);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(path.join(here, model, "src"), path.join(dir, "src"), { recursive: true });
    for (const how of BUILDS[model]) console.log(await build(model, how, dir, path.join(here, "bundles", `${model}-${how}.js`)));
  }
}
