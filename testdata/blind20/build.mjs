// Builds every model x variant x bundler into build/, and copies the stock builds into bundles/.
//   node build.mjs            (all)     variants: stock, seed, gate, seed-rewind, gate-rewind
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import terser from "@rollup/plugin-terser";

const root = dirname(fileURLToPath(import.meta.url));
export const MODELS = ["w", "x"];
export const VARIANTS = ["stock", "seed", "gate", "seed-rewind", "gate-rewind"];
export const BUILDS = ["esb-min-esm", "esb-pretty-cjs", "rollup-terser-cjs", "rollup-terser-esm"];
const isEsm = (how) => how.endsWith("esm");

function applyEdits(dir, edits) {
  for (const { file, find, replace } of edits) {
    const path = join(dir, file);
    const text = readFileSync(path, "utf8");
    const n = text.split(find).length - 1;
    if (n !== 1) throw new Error(`edit for ${file} matches ${n} times`);
    writeFileSync(path, text.replace(find, () => replace));
  }
}

async function bundle(how, entry, out) {
  if (how.startsWith("esb-")) {
    await esbuild.build({
      entryPoints: [entry], bundle: true, platform: "node", outfile: out, logLevel: "error",
      format: isEsm(how) ? "esm" : "cjs", minify: how.includes("min"),
    });
  } else {
    const b = await rollup({ input: entry, external: [/^node:/], onwarn() {} });
    await b.write({ file: out, format: isEsm(how) ? "es" : "cjs", plugins: [terser()] });
    await b.close();
  }
}

export async function buildAll() {
  rmSync(join(root, "build"), { recursive: true, force: true });
  mkdirSync(join(root, "bundles"), { recursive: true });
  const outputs = [];
  for (const model of MODELS) {
    const { entry, fixes } = await import(join(root, "fixes", `${model}.mjs`));
    for (const variant of VARIANTS) {
      const src = join(root, "build", "src", `${model}-${variant}`);
      cpSync(join(root, "models", model, "src"), src, { recursive: true });
      for (const part of variant === "stock" ? [] : variant.split("-")) applyEdits(src, fixes[part]);
      for (const how of BUILDS) {
        const out = join(root, "build", `${model}-${variant}-${how}.${isEsm(how) ? "mjs" : "cjs"}`);
        await bundle(how, join(src, entry), out);
        outputs.push({ model, variant, how, out });
        if (variant === "stock") copyFileSync(out, join(root, "bundles", `${model}-${how}.js`));
      }
    }
  }
  return outputs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outs = await buildAll();
  console.log(`built ${outs.length} files`);
}
