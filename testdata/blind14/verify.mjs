// Checks the blind models before the tool is run on them:
//  1. build.mjs regenerates bundles/ byte-for-byte;
//  2. the sources (stock and each reference fix) type-check;
//  3. every stock bundle replays: the corpus harness gives expect/stock.json and expect/stock-clear.json;
//  4. facts-check.mjs holds on every stock bundle (exports, fields, log line, acknowledgments, wording, ACP, clear);
//  5. every hand-written source-level reference fix (fixes/<m>.mjs: seed, gate, each also with the #11449
//     rewind), built by the same pipelines, gives expect/<mode>.json, expect/<mode>-clear.json (or
//     <mode>-rewind-clear.json with the rewind), and passes facts-check in its mode.
// Scratch goes to /tmp/b14/verify. Last line: "verify: N/M checks passed".
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { MODELS, buildModel } from "./build.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const corpus = "/work/shared/corpus";
const scratch = "/tmp/b14/verify";
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

let passed = 0;
let total = 0;
function check(name, ok, detail = "") {
  total += 1;
  if (ok) passed += 1;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `\n     ${String(detail).split("\n").join("\n     ")}`}`);
}

const expectation = (name) => JSON.parse(readFileSync(join(corpus, "expect", `${name}.json`), "utf8"));

/** Lays a bundle out as acp-server.js beside a package.json of the right type, as the runner does. */
function layOut(bundle, dir) {
  mkdirSync(dir, { recursive: true });
  const type = /esm/.test(basename(bundle)) ? "module" : "commonjs";
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type }) + "\n");
  cpSync(bundle, join(dir, "acp-server.js"));
  return join(dir, "acp-server.js");
}

function harness(script, file) {
  const r = spawnSync(process.execPath, [join(corpus, "harness", script), file], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) return { error: (r.stderr || r.stdout || `exit ${r.status}`).trim().split("\n").slice(-4).join("\n") };
  return { json: JSON.parse(r.stdout) };
}

function compare(got, want) {
  if (got.error) return got.error;
  if (JSON.stringify(got.json) === JSON.stringify(want)) return "";
  const diffs = [];
  for (const key of new Set([...Object.keys(want), ...Object.keys(got.json)])) {
    if (JSON.stringify(got.json[key]) !== JSON.stringify(want[key])) diffs.push(`${key}: got ${JSON.stringify(got.json[key])} want ${JSON.stringify(want[key])}`);
  }
  return diffs.join("\n") || "key order differs";
}

function behaviour(label, file, base, clear) {
  const d1 = compare(harness("scenarios.mjs", file), expectation(base));
  check(`${label}: scenarios match expect/${base}.json`, d1 === "", d1);
  const d2 = compare(harness("clear-scenarios.mjs", file), expectation(clear));
  check(`${label}: clear scenarios match expect/${clear}.json`, d2 === "", d2);
}

function facts(label, file, mode) {
  const r = spawnSync(process.execPath, [join(here, "facts-check.mjs"), file, mode], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) return check(`${label}: facts-check (${mode})`, false, r.stderr.trim().split("\n").slice(-4).join("\n"));
  const results = JSON.parse(r.stdout);
  const bad = results.filter((x) => !x.ok);
  check(`${label}: facts-check (${mode}), ${results.length} facts`, bad.length === 0, bad.map((b) => `${b.name}: ${b.detail}`).join("\n"));
}

function typecheck(label, modelDir) {
  const tsc = join(here, "node_modules", "typescript", "bin", "tsc");
  const r = spawnSync(process.execPath, [tsc, "-p", join(modelDir, "tsconfig.json"), "--typeRoots", join(here, "node_modules", "@types")], { encoding: "utf8" });
  check(`${label}: type-checks`, r.status === 0, (r.stdout + r.stderr).trim().split("\n").slice(0, 6).join("\n"));
}

function applyEdits(modelDir, edits) {
  for (const { file, find, replace } of edits) {
    const path = join(modelDir, file);
    const source = readFileSync(path, "utf8");
    const count = source.split(find).length - 1;
    if (count !== 1) throw new Error(`${file}: the edit's text occurs ${count} times, not once:\n${find}`);
    writeFileSync(path, source.replace(find, () => replace));
  }
}

// 1. reproducibility
for (const model of Object.keys(MODELS)) {
  const out = join(scratch, "rebuild");
  for (const file of await buildModel(join(here, "models", model), model, out)) {
    const committed = join(here, "bundles", basename(file));
    check(`build.mjs regenerates bundles/${basename(file)} byte-for-byte`, existsSync(committed) && readFileSync(committed).equals(readFileSync(file)), "bytes differ");
  }
}
const expected = Object.entries(MODELS).flatMap(([m, { variants }]) => variants.map((v) => `${m}-${v}.js`)).sort();
check("bundles/ holds exactly the built bundles", JSON.stringify(readdirSync(join(here, "bundles")).sort()) === JSON.stringify(expected), readdirSync(join(here, "bundles")).join(" "));

// 2-4. stock
for (const model of Object.keys(MODELS)) typecheck(`model ${model} (stock)`, join(here, "models", model));
for (const name of expected) {
  const file = layOut(join(here, "bundles", name), join(scratch, "stock", basename(name, ".js")));
  behaviour(`stock ${name}`, file, "stock", "stock-clear");
  facts(`stock ${name}`, file, "stock");
}

// 5. reference fixes
const fixSets = [
  { id: "seed", mode: "seed", parts: ["seed"], clear: "seed-clear" },
  { id: "gate", mode: "gate", parts: ["gate"], clear: "gate-clear" },
  { id: "seed+rewind", mode: "seed", parts: ["seed", "rewind"], clear: "seed-rewind-clear" },
  { id: "gate+rewind", mode: "gate", parts: ["gate", "rewind"], clear: "gate-rewind-clear" },
];
for (const model of Object.keys(MODELS)) {
  const fixes = await import(join(here, "fixes", `${model}.mjs`));
  for (const set of fixSets) {
    const label = `${model} reference ${set.id}`;
    const src = join(scratch, "src", `${model}-${set.id}`);
    cpSync(join(here, "models", model), src, { recursive: true });
    try {
      applyEdits(src, set.parts.flatMap((p) => fixes[p]));
      check(`${label}: edits apply, each exactly once`, true);
    } catch (error) {
      check(`${label}: edits apply, each exactly once`, false, error.message);
      continue;
    }
    typecheck(label, src);
    for (const file of await buildModel(src, model, join(scratch, "fixed", `${model}-${set.id}`))) {
      const laid = layOut(file, join(scratch, "fixed-tree", `${model}-${set.id}`, basename(file, ".js")));
      behaviour(`${label} ${basename(file)}`, laid, set.mode, set.clear);
      facts(`${label} ${basename(file)}`, laid, set.mode);
    }
  }
}

console.log(`verify: ${passed}/${total} checks passed`);
process.exitCode = passed === total ? 0 : 1;
