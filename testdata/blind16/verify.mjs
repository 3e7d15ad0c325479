#!/usr/bin/env node
// verify.mjs: (a) a rebuild gives bundles/ byte for byte; (b) each stock bundle, laid into a KAS-shaped
// tree the way testdata/blind7/run lays it, passes node --check and gives expect/stock*.json under the
// corpus harness; (c) each reference fix (fixes/<m>.mjs), applied to a copy of the sources and built
// the same four ways, gives expect/<mode>.json and <mode>-clear.json, and with the rewind edit added,
// <mode>-rewind-clear.json with the base scenarios unchanged.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll, buildModel, MODELS } from "./build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = "/work/shared/corpus";
// inside the project, so that tsc finds node_modules/@types for the copied sources
fs.mkdirSync(path.join(here, ".verify-tmp"), { recursive: true });
const tmp = fs.mkdtempSync(path.join(here, ".verify-tmp", "run-"));
let failures = 0;
const fail = (what) => {
  failures++;
  console.log(`FAIL ${what}`);
};

function tree(name, bundle) {
  const pkg = path.join(tmp, "trees", name, "kiro-cli/kas/2.21.0-0123abcd/node_modules/@kiro/agent");
  const type = name.includes("esm") ? "module" : "commonjs";
  fs.mkdirSync(path.join(pkg, "dist/server"), { recursive: true });
  fs.writeFileSync(path.join(pkg, "package.json"), `{"name":"@kiro/agent","version":"0.54.8","type":"${type}"}\n`);
  const target = path.join(pkg, "dist/server/acp-server.js");
  fs.copyFileSync(bundle, target);
  return target;
}

function harness(script, target) {
  const r = spawnSync(process.execPath, [path.join(corpus, "harness", script), target], { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) return { error: `${script} exited ${r.status}: ${r.stderr.slice(0, 400)}` };
  return { json: JSON.stringify(JSON.parse(r.stdout)) };
}

const expected = (name) => JSON.stringify(JSON.parse(fs.readFileSync(path.join(corpus, "expect", `${name}.json`), "utf8")));

function judge(label, target, script, expectName) {
  const got = harness(script, target);
  if (got.error) return fail(`${label}: ${got.error}`);
  if (got.json !== expected(expectName)) return fail(`${label}: ${script} does not give expect/${expectName}.json\n  got ${got.json}`);
  console.log(`ok   ${label}: ${script} = expect/${expectName}.json`);
}

function checkSyntax(label, target) {
  const r = spawnSync(process.execPath, ["--check", target], { encoding: "utf8" });
  if (r.status !== 0) fail(`${label}: node --check: ${r.stderr.slice(0, 300)}`);
  return r.status === 0;
}

// (a) determinism
{
  const rebuilt = path.join(tmp, "rebuilt");
  const written = (await buildAll(path.join(here, "models"), rebuilt)).sort();
  const committed = fs.readdirSync(path.join(here, "bundles")).sort();
  if (JSON.stringify(written) !== JSON.stringify(committed)) fail(`bundles/ holds ${committed.join(",")}, a build writes ${written.join(",")}`);
  for (const file of written) {
    const a = fs.readFileSync(path.join(rebuilt, file));
    const b = fs.existsSync(path.join(here, "bundles", file)) ? fs.readFileSync(path.join(here, "bundles", file)) : Buffer.alloc(0);
    if (!a.equals(b)) fail(`rebuild of ${file} differs from bundles/${file}`);
    else console.log(`ok   rebuild of ${file} is byte-identical`);
  }
}

// (b) stock bundles
for (const file of fs.readdirSync(path.join(here, "bundles")).sort()) {
  const name = path.basename(file, ".js");
  const target = tree(`stock-${name}`, path.join(here, "bundles", file));
  if (!checkSyntax(name, target)) continue;
  judge(`stock ${name}`, target, "scenarios.mjs", "stock");
  judge(`stock ${name}`, target, "clear-scenarios.mjs", "stock-clear");
}

// (c) reference fixes
function applyEdits(modelDir, edits, label) {
  for (const { file, find, replace } of edits) {
    const p = path.join(modelDir, file);
    const text = fs.readFileSync(p, "utf8");
    const count = text.split(find).length - 1;
    if (count !== 1) throw new Error(`${label}: edit on ${file} matches ${count} times`);
    fs.writeFileSync(p, text.replace(find, () => replace));
  }
}

for (const model of Object.keys(MODELS)) {
  const fixes = (await import(path.join(here, "fixes", `${model}.mjs`))).default;
  for (const mode of ["seed", "gate"]) {
    for (const rewind of [false, true]) {
      const variant = `${model}-${mode}${rewind ? "-rewind" : ""}`;
      const src = path.join(tmp, "src", variant);
      fs.cpSync(path.join(here, "models", model), src, { recursive: true });
      try {
        applyEdits(src, fixes[mode], variant);
        if (rewind) applyEdits(src, fixes.rewind, variant);
      } catch (e) {
        fail(String(e.message));
        continue;
      }
      const out = path.join(tmp, "fixed", variant);
      for (const file of await buildModel(model, src, out)) {
        const name = path.basename(file, ".js");
        const target = tree(`${mode}${rewind ? "-rewind" : ""}-${name}`, path.join(out, file));
        if (!checkSyntax(`${variant} ${name}`, target)) continue;
        judge(`${variant} ${name}`, target, "scenarios.mjs", mode);
        judge(`${variant} ${name}`, target, "clear-scenarios.mjs", rewind ? `${mode}-rewind-clear` : `${mode}-clear`);
      }
    }
  }
}

fs.rmSync(path.join(here, ".verify-tmp"), { recursive: true, force: true });
if (failures > 0) {
  console.log(`verify: ${failures} failure(s)`);
  process.exit(1);
}
console.log("verify: all passed");
