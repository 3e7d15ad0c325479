#!/usr/bin/env node
// Before the one run: every stock bundle in bundles/ must show #11240 exactly as the corpus's
// expect/stock*.json describe, bundles/ must be what build.mjs makes, and the hand-made reference
// fixes (fixes/<model>.mjs, seed and gate), built the same ways, must match expect/seed*.json and
// expect/gate*.json. Judged with the corpus harness, in a KAS-shaped tree as the runner lays it out.
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MODELS, buildModel } from "./build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = "/work/shared/corpus";
// scratch inside the project so patched copies resolve node_modules (@types/node for tsc)
fs.mkdirSync(path.join(here, "build"), { recursive: true });
const tmp = fs.mkdtempSync(path.join(here, "build", "verify-"));
let failures = 0;
const sha = (f) => crypto.createHash("sha256").update(fs.readFileSync(f)).digest("hex");

function tree(name, bundle) {
  const pkg = path.join(tmp, name, "kiro-cli/kas/2.21.0-0123abcd/node_modules/@kiro/agent");
  fs.mkdirSync(path.join(pkg, "dist/server"), { recursive: true });
  const type = name.includes("esm") ? "module" : "commonjs";
  fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type }) + "\n");
  const target = path.join(pkg, "dist/server/acp-server.js");
  fs.copyFileSync(bundle, target);
  return target;
}

function scenarios(script, target) {
  const r = spawnSync(process.execPath, [path.join(corpus, "harness", script), target], { encoding: "utf8", timeout: 60000 });
  if (r.status !== 0) return { error: (r.stderr || "").split("\n").slice(0, 3).join(" | ") };
  return JSON.parse(r.stdout);
}

function judge(label, bundle, mode) {
  const target = tree(`${path.basename(bundle, ".js")}-${mode}`, bundle);
  const problems = [];
  const check = spawnSync(process.execPath, ["--check", target], { encoding: "utf8" });
  if (check.status !== 0) problems.push("node --check fails");
  for (const [script, suffix] of [["scenarios.mjs", ""], ["clear-scenarios.mjs", "-clear"]]) {
    const want = JSON.parse(fs.readFileSync(path.join(corpus, "expect", `${mode}${suffix}.json`), "utf8"));
    const got = scenarios(script, target);
    if (got.error) { problems.push(`${script} crashed: ${got.error}`); continue; }
    for (const k of new Set([...Object.keys(want), ...Object.keys(got)])) {
      if (JSON.stringify(got[k]) !== JSON.stringify(want[k])) problems.push(`${script} ${k}: got ${JSON.stringify(got[k])}, want ${JSON.stringify(want[k])}`);
    }
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${script}: not byte-identical to expect/${mode}${suffix}.json`);
  }
  const uniq = [...new Set(problems)];
  console.log(`${uniq.length ? "FAIL" : "ok  "} ${label.padEnd(34)} ${mode.padEnd(5)}${uniq.length ? "\n       " + uniq.join("\n       ") : ""}`);
  if (uniq.length) failures++;
}

function applyFix(srcModelDir, dstModelDir, edits) {
  fs.cpSync(srcModelDir, dstModelDir, { recursive: true });
  for (const { file, find, replace } of edits) {
    const p = path.join(dstModelDir, file);
    const text = fs.readFileSync(p, "utf8");
    const n = text.split(find).length - 1;
    if (n !== 1) throw new Error(`fix anchor in ${file} occurs ${n} times`);
    fs.writeFileSync(p, text.replace(find, () => replace));
  }
}

// 1. bundles/ is what build.mjs makes (rebuild into a scratch dir, compare bytes)
const rebuilt = path.join(tmp, "rebuilt");
const expected = [];
for (const model of Object.keys(MODELS)) expected.push(...await buildModel(model, path.join(here, model), rebuilt, model, path.join(tmp, "scratch-" + model)));
const shipped = fs.readdirSync(path.join(here, "bundles")).filter((f) => f.endsWith(".js")).sort();
const names = expected.map((f) => path.basename(f)).sort();
if (JSON.stringify(shipped) !== JSON.stringify(names)) { console.log(`FAIL bundles/ holds ${shipped} but build makes ${names}`); failures++; }
for (const f of expected) {
  const b = path.join(here, "bundles", path.basename(f));
  const same = fs.existsSync(b) && sha(b) === sha(f);
  console.log(`${same ? "ok  " : "FAIL"} reproducible ${path.basename(f)}`);
  if (!same) failures++;
}

// 2. every stock bundle shows the defect
for (const f of shipped) judge(f, path.join(here, "bundles", f), "stock");

// 3. the reference fixes, built the same ways
for (const model of Object.keys(MODELS)) {
  const fixes = (await import(pathToFileURL(path.join(here, "fixes", `${model}.mjs`)).href)).default;
  for (const mode of ["seed", "gate"]) {
    const dir = path.join(tmp, `src-${model}-${mode}`);
    applyFix(path.join(here, model), dir, fixes[mode]);
    const built = await buildModel(model, dir, path.join(tmp, `out-${model}-${mode}`), `${model}`, path.join(tmp, `scratch-${model}-${mode}`));
    for (const f of built) judge(`${path.basename(f)} (+${mode} fix)`, f, mode);
  }
}

fs.rmSync(path.join(here, "build"), { recursive: true, force: true });
console.log(failures ? `verify: ${failures} failure(s)` : "verify: all passed");
process.exit(failures ? 1 : 0);
