// Checks models v and w against the corpus harness and expectations.
//
//   node verify.mjs
//
// 1. bundles/ holds exactly what build.mjs builds now (byte-reproducible, up to date).
// 2. Every stock bundle gives expect/stock.json under harness/scenarios.mjs and
//    expect/stock-clear.json under harness/clear-scenarios.mjs (exact JSON equality).
// 3. Hand-made source-level reference fixes (fixes/reference-fixes.mjs) of each model, built with each
//    of that model's three recipes, give the expectations of their mode:
//      seed          -> seed.json,  seed-clear.json
//      gate          -> gate.json,  gate-clear.json
//      seed + rewind -> seed.json,  seed-rewind-clear.json
//      gate + rewind -> gate.json,  gate-rewind-clear.json
// Each bundle runs from a KAS-shaped folder whose package.json "type" matches its module kind.
// Last line: "verify: N/M checks passed". Exit 1 if any check fails.
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { RECIPES, buildBundle, bundleName } from "./build.mjs";
import { FIXES } from "./fixes/reference-fixes.mjs";

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = process.env.CORPUS_DIR ?? "/work/shared/corpus";
const tmp = await mkdtemp(path.join(os.tmpdir(), "blind11-verify-"));

let passed = 0;
let total = 0;
function check(ok, label, detail = "") {
  total += 1;
  if (ok) passed += 1;
  console.log(`${ok ? "ok  " : "FAIL"} ${label}${ok || !detail ? "" : `: ${detail}`}`);
}

const expectations = {};
async function expected(name) {
  expectations[name] ??= JSON.parse(await readFile(path.join(corpus, "expect", `${name}.json`), "utf8"));
  return expectations[name];
}

let treeCount = 0;
async function placeInTree(name, code) {
  const pkg = path.join(tmp, `t${++treeCount}-${name}`, "node_modules", "@kiro", "agent");
  await mkdir(path.join(pkg, "dist", "server"), { recursive: true });
  const type = name.includes("esm") ? "module" : "commonjs";
  await writeFile(path.join(pkg, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.0.0", type }) + "\n");
  const file = path.join(pkg, "dist", "server", "acp-server.js");
  await writeFile(file, code);
  return file;
}

async function scenarios(script, file) {
  const { stdout } = await run(process.execPath, [path.join(corpus, "harness", script), file], { timeout: 60_000 });
  return JSON.parse(stdout);
}

async function judge(label, file, baseExpect, clearExpect) {
  try {
    await run(process.execPath, ["--check", file]);
  } catch (e) {
    check(false, `${label}: node --check`, String(e.stderr ?? e).split("\n")[0]);
    return;
  }
  for (const [script, want] of [
    ["scenarios.mjs", baseExpect],
    ["clear-scenarios.mjs", clearExpect],
  ]) {
    try {
      const got = await scenarios(script, file);
      const same = JSON.stringify(got) === JSON.stringify(await expected(want));
      check(same, `${label}: ${script} = expect/${want}.json`, same ? "" : JSON.stringify(got));
    } catch (e) {
      check(false, `${label}: ${script}`, String(e.stderr ?? e).split("\n").slice(0, 3).join(" | "));
    }
  }
}

async function applyFixes(model, kinds) {
  const root = path.join(tmp, `src-${model}-${kinds.join("+")}`);
  await cp(path.join(here, "models", model), root, { recursive: true });
  for (const kind of kinds) {
    for (const edit of FIXES[model][kind]) {
      const file = path.join(root, edit.file);
      const text = await readFile(file, "utf8");
      const hits = text.split(edit.find).length - 1;
      if (hits !== 1) throw new Error(`${model}/${kind}: ${edit.file}: anchor found ${hits} times`);
      await writeFile(file, text.replace(edit.find, () => edit.replace));
    }
  }
  return root;
}

try {
  // 1 + 2: the stock bundles
  const present = (await readdir(path.join(here, "bundles"))).filter((f) => f.endsWith(".js")).sort();
  const wanted = Object.entries(RECIPES)
    .flatMap(([model, recipes]) => recipes.map((r) => bundleName(model, r)))
    .sort();
  check(JSON.stringify(present) === JSON.stringify(wanted), "bundles/ holds the six stock bundles", present.join(" "));
  for (const [model, recipes] of Object.entries(RECIPES)) {
    for (const recipe of recipes) {
      const name = bundleName(model, recipe);
      const rebuilt = await buildBundle(model, recipe);
      const onDisk = await readFile(path.join(here, "bundles", name), "utf8").catch(() => "");
      check(rebuilt === onDisk, `${name}: rebuilt bytes equal bundles/${name}`);
      await judge(`${name} stock`, await placeInTree(name, onDisk), "stock", "stock-clear");
    }
  }

  // 3: the reference fixes
  const variants = [
    { kinds: ["seed"], base: "seed", clear: "seed-clear" },
    { kinds: ["gate"], base: "gate", clear: "gate-clear" },
    { kinds: ["seed", "rewind"], base: "seed", clear: "seed-rewind-clear" },
    { kinds: ["gate", "rewind"], base: "gate", clear: "gate-rewind-clear" },
  ];
  for (const model of Object.keys(RECIPES)) {
    for (const variant of variants) {
      const root = await applyFixes(model, variant.kinds);
      for (const recipe of RECIPES[model]) {
        const name = bundleName(model, recipe);
        const code = await buildBundle(model, recipe, root);
        await judge(`${name} fixed(${variant.kinds.join("+")})`, await placeInTree(name, code), variant.base, variant.clear);
      }
    }
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}

console.log(`verify: ${passed}/${total} checks passed`);
process.exit(passed === total ? 0 : 1);
