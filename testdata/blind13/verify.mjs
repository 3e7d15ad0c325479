// Verifies the blind pair (i, j):
//  1. bundles/ equals a fresh build (byte-reproducible);
//  2. every bundle passes `node --check`, laid out as the runner lays it out;
//  3. every stock bundle gives exactly expect/stock.json and expect/stock-clear.json under the corpus harness;
//  4. the hand-made source-level reference fixes (build.mjs FIXES), rebuilt with the same recipes, give
//     seed.json + seed-clear.json, gate.json + gate-clear.json, and with the rewind
//     seed-rewind-clear.json / gate-rewind-clear.json (the base scenarios unchanged).
// Prints one line per failed check and a last line "verify: N/M checks passed". Exit 1 on any failure.
//
//   node verify.mjs [--corpus DIR]     (DIR defaults to /work/shared/corpus)
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { buildVariant } from "./build.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ci = process.argv.indexOf("--corpus");
const corpus = ci > 0 ? process.argv[ci + 1] : "/work/shared/corpus";
const tmp = mkdtempSync(join(tmpdir(), "b13-verify-"));
let passed = 0, total = 0;
const fails = [];
function check(name, ok, why = "") {
  total++;
  if (ok) passed++;
  else { fails.push(`${name}${why ? `: ${why}` : ""}`); console.log(`FAIL ${name}${why ? `: ${why}` : ""}`); }
}

// the runner's layout: <tmp>/<name>/kiro-cli/kas/2.21.0-0123abcd/node_modules/@kiro/agent/dist/server/acp-server.js
let laidOut = 0;
function layOut(bundle, tag) {
  const name = `${basename(bundle, ".js")}-${tag}-${laidOut++}`;
  const pkg = join(tmp, name, "kiro-cli/kas/2.21.0-0123abcd/node_modules/@kiro/agent");
  const type = /esm/.test(basename(bundle)) ? "module" : "commonjs";
  mkdirSync(join(pkg, "dist/server"), { recursive: true });
  writeFileSync(join(pkg, "package.json"), `{"name":"@kiro/agent","version":"0.54.8","type":"${type}"}\n`);
  const target = join(pkg, "dist/server/acp-server.js");
  copyFileSync(bundle, target);
  return target;
}

function scenarios(script, target) {
  const r = spawnSync("node", [join(corpus, "harness", script), target], { encoding: "utf8", timeout: 60000 });
  if (r.status !== 0) return { error: (r.stderr || `exit ${r.status}`).split("\n").slice(0, 3).join(" | ") };
  try { return { json: JSON.parse(r.stdout) }; } catch (e) { return { error: `bad JSON: ${e.message}` }; }
}

function expectSame(label, script, target, expectFile) {
  const got = scenarios(script, target);
  if (got.error) return check(label, false, got.error);
  const want = JSON.parse(readFileSync(join(corpus, "expect", expectFile), "utf8"));
  const a = JSON.stringify(got.json), b = JSON.stringify(want);
  let why = "";
  if (a !== b) {
    const diffs = [];
    for (const k of Object.keys(want)) if (JSON.stringify(got.json[k]) !== JSON.stringify(want[k])) diffs.push(`${k} got ${JSON.stringify(got.json[k])}`);
    why = diffs.join("; ") || "key order differs";
  }
  check(label, a === b, why);
}

// 1. reproducible
const fresh = join(tmp, "fresh");
const built = await buildVariant("stock", fresh);
const committed = readdirSync(join(here, "bundles")).filter((f) => f.endsWith(".js")).sort();
check("bundles/ holds exactly the recipes' bundles", JSON.stringify(committed) === JSON.stringify(built.map((b) => b.name).sort()), `have ${committed.join(",")}`);
for (const b of built) {
  let same = false;
  try { same = readFileSync(b.file).equals(readFileSync(join(here, "bundles", b.name))); } catch { /* missing */ }
  check(`${b.name}: equals a fresh build`, same);
}

// 2 + 3. stock bundles
for (const b of built) {
  const committedFile = join(here, "bundles", b.name);
  const t = layOut(committedFile, "stock");
  const syn = spawnSync("node", ["--check", t], { encoding: "utf8" });
  check(`${b.name}: node --check`, syn.status === 0, syn.stderr.split("\n")[0]);
  expectSame(`${b.name}: stock scenarios`, "scenarios.mjs", t, "stock.json");
  expectSame(`${b.name}: stock clear scenarios`, "clear-scenarios.mjs", t, "stock-clear.json");
}

// 4. reference fixes
const plan = {
  seed: [["scenarios.mjs", "seed.json"], ["clear-scenarios.mjs", "seed-clear.json"]],
  gate: [["scenarios.mjs", "gate.json"], ["clear-scenarios.mjs", "gate-clear.json"]],
  "seed-rewind": [["scenarios.mjs", "seed.json"], ["clear-scenarios.mjs", "seed-rewind-clear.json"]],
  "gate-rewind": [["scenarios.mjs", "gate.json"], ["clear-scenarios.mjs", "gate-rewind-clear.json"]],
};
for (const [variant, runs] of Object.entries(plan)) {
  const vb = await buildVariant(variant, join(tmp, `variant-${variant}`));
  for (const b of vb) {
    const t = layOut(b.file, variant);
    const syn = spawnSync("node", ["--check", t], { encoding: "utf8" });
    check(`${b.name} [${variant}]: node --check`, syn.status === 0, syn.stderr.split("\n")[0]);
    check(`${b.name} [${variant}]: differs from stock`, !readFileSync(b.file).equals(readFileSync(join(here, "bundles", b.name))));
    for (const [script, expect] of runs) expectSame(`${b.name} [${variant}]: ${script} vs ${expect}`, script, t, expect);
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log(`verify: ${passed}/${total} checks passed`);
process.exit(passed === total ? 0 : 1);
