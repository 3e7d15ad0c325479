// Checks every stock bundle against expect/stock*.json and every reference fix (seed, gate,
// each with and without the rewind) against its expectation, with the corpus harness.
//   node verify.mjs        (builds bundles/ first if it is missing)
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILDS, MODELS, buildModel } from "./build.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const corpus = process.env.KAS_CORPUS ?? "/work/shared/corpus";
const harness = (name) => join(corpus, "harness", name);
const expect = (name) => JSON.parse(readFileSync(join(corpus, "expect", `${name}.json`), "utf8"));
const work = join(here, ".work", "verify");

/** Loads the bundle the way kiro-cli lays it out: acp-server.js beside a package.json with its module type. */
function stage(bundle, tag) {
  const dir = join(work, "staged", tag);
  mkdirSync(dir, { recursive: true });
  const type = basename(bundle).includes("esm") ? "module" : "commonjs";
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type }) + "\n");
  cpSync(bundle, join(dir, "acp-server.js"));
  execFileSync(process.execPath, ["--check", join(dir, "acp-server.js")]);
  return join(dir, "acp-server.js");
}

function scenarios(script, file) {
  return JSON.parse(execFileSync(process.execPath, [harness(script), file], { encoding: "utf8", timeout: 60_000 }));
}

function compare(got, want) {
  if (JSON.stringify(got) === JSON.stringify(want)) return [];
  const diffs = [];
  for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
    if (JSON.stringify(got[key]) !== JSON.stringify(want[key])) {
      diffs.push(`${key}: got ${JSON.stringify(got[key])} want ${JSON.stringify(want[key])}`);
    }
  }
  return diffs.length ? diffs : ["key order differs"];
}

const results = [];
function check(label, bundle, baseName, clearName) {
  const file = stage(bundle, label.replace(/[^\w.-]+/g, "_"));
  const problems = [
    ...compare(scenarios("scenarios.mjs", file), expect(baseName)).map((d) => `${baseName}: ${d}`),
    ...compare(scenarios("clear-scenarios.mjs", file), expect(clearName)).map((d) => `${clearName}: ${d}`),
  ];
  results.push({ label, ok: problems.length === 0 });
  const verdict = problems.length ? "WRONG" : "right";
  console.log(`${label.padEnd(44)} ${`${baseName} + ${clearName}`.padEnd(36)} ${verdict}`);
  for (const p of problems) console.log(`    ${p}`);
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

// 1. the stock bundles
const bundlesDir = join(here, "bundles");
if (!existsSync(bundlesDir) || readdirSync(bundlesDir).filter((f) => f.endsWith(".js")).length < Object.keys(BUILDS).length) {
  for (const model of Object.keys(MODELS)) {
    await buildModel(model, join(here, "models", model), bundlesDir, join(here, ".work", "stock", model));
  }
}
const stock = readdirSync(bundlesDir).filter((f) => f.endsWith(".js")).sort();
for (const name of stock) check(`stock ${name}`, join(bundlesDir, name), "stock", "stock-clear");

// 2. the reference fixes, built every way their model is built
const VARIANTS = [
  { name: "seed", patches: ["seed"], base: "seed", clear: "seed-clear" },
  { name: "gate", patches: ["gate"], base: "gate", clear: "gate-clear" },
  { name: "seed+rewind", patches: ["seed", "rewind"], base: "seed", clear: "seed-rewind-clear" },
  { name: "gate+rewind", patches: ["gate", "rewind"], base: "gate", clear: "gate-rewind-clear" },
];
for (const model of Object.keys(MODELS)) {
  for (const variant of VARIANTS) {
    const tag = `${model}-${variant.name.replace("+", "-")}`;
    const tree = join(work, "trees", tag);
    cpSync(join(here, "models", model), tree, { recursive: true });
    for (const patch of variant.patches) {
      execFileSync("patch", ["-p1", "--batch", "--forward", "--silent", "-i", join(here, "variants", model, `${patch}.patch`)], {
        cwd: tree,
        stdio: ["ignore", "inherit", "inherit"],
      });
    }
    const made = await buildModel(model, tree, join(work, "bundles", tag), join(work, "build", tag));
    for (const [build, file] of Object.entries(made)) check(`${variant.name} ${build}`, file, variant.base, variant.clear);
  }
}

const ok = results.filter((r) => r.ok).length;
console.log(`\nverify: ${stock.length} stock bundles, ${results.length - stock.length} variant bundles; ${ok}/${results.length} right`);
process.exit(ok === results.length ? 0 : 1);
