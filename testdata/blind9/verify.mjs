// Checks every stock bundle in bundles/ against the corpus's stock expectations, and
// builds every reference fix of each model (with each of the model's three build
// recipes) and checks it against the matching expectations, all with the corpus harness.
//
//   node verify.mjs            (builds bundles/ first if it is missing)
//
// Variants: seed (seed.json, seed-clear.json), gate (gate.json, gate-clear.json),
// seed+rewind (seed.json, seed-rewind-clear.json), gate+rewind (gate.json,
// gate-rewind-clear.json). rewind.patch applies on top of either seed.patch or gate.patch.
import { execFileSync, execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PLAN, buildBundle, here } from "./build.mjs";

const run = promisify(execFile);
const CORPUS = process.env.KAS_CORPUS ?? "/work/shared/corpus";
const HARNESS = join(CORPUS, "harness");
const EXPECT = join(CORPUS, "expect");
const work = mkdtempSync(join(tmpdir(), "b9-verify-"));
let passed = 0;
let total = 0;
const failures = [];

const expectation = (name) => JSON.parse(readFileSync(join(EXPECT, `${name}.json`), "utf8"));

/** Places the bundle as acp-server.js in a package whose "type" follows its name. */
function stage(bundle, name) {
  const dir = join(work, "stage", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type: name.includes("esm") ? "module" : "commonjs" }) + "\n");
  const file = join(dir, "acp-server.js");
  cpSync(bundle, file);
  return file;
}

async function scenarios(script, file) {
  const { stdout } = await run(process.execPath, [join(HARNESS, script), file], { timeout: 60_000 });
  return JSON.parse(stdout);
}

async function check(label, bundle, name, base, clear) {
  const file = stage(bundle, name);
  const problems = [];
  try {
    execFileSync(process.execPath, ["--check", file], { stdio: "pipe" });
    for (const [script, want] of [["scenarios.mjs", base], ["clear-scenarios.mjs", clear]]) {
      const got = await scenarios(script, file);
      if (JSON.stringify(got) !== JSON.stringify(expectation(want))) {
        const diff = Object.keys(expectation(want)).filter((k) => JSON.stringify(got[k]) !== JSON.stringify(expectation(want)[k]));
        problems.push(`${script} != ${want}.json (${diff.join(", ")})`);
      }
    }
  } catch (err) {
    problems.push(String(err.message).split("\n")[0]);
  }
  total += 1;
  if (problems.length === 0) passed += 1;
  else failures.push(`${label}: ${problems.join("; ")}`);
  console.log(`${label.padEnd(44)} ${base}+${clear}`.padEnd(96) + (problems.length ? `WRONG: ${problems.join("; ")}` : "right"));
}

function patchedTree(model, patches) {
  const dir = join(work, "trees", `${model}-${patches.join("+")}`);
  mkdirSync(dir, { recursive: true });
  cpSync(join(here, "models", model, "src"), join(dir, "src"), { recursive: true });
  cpSync(join(here, "models", model, "tsconfig.json"), join(dir, "tsconfig.json"));
  for (const p of patches) {
    execFileSync("patch", ["-p1", "-s", "--no-backup-if-mismatch", "-i", join(here, "variants", model, `${p}.patch`)], { cwd: dir, stdio: "pipe" });
  }
  return dir;
}

const VARIANTS = [
  [["seed"], "seed", "seed-clear"],
  [["gate"], "gate", "gate-clear"],
  [["seed", "rewind"], "seed", "seed-rewind-clear"],
  [["gate", "rewind"], "gate", "gate-rewind-clear"],
];

try {
  const bundleDir = join(here, "bundles");
  if (!existsSync(bundleDir) || readdirSync(bundleDir).filter((f) => f.endsWith(".js")).length === 0) {
    execFileSync(process.execPath, [join(here, "build.mjs")], { stdio: "inherit" });
  }
  for (const f of readdirSync(bundleDir).filter((f) => f.endsWith(".js")).sort()) {
    const name = f.replace(/\.js$/, "");
    await check(`stock ${name}`, join(bundleDir, f), `stock-${name}`, "stock", "stock-clear");
  }
  for (const [model, builds] of Object.entries(PLAN)) {
    for (const [patches, base, clear] of VARIANTS) {
      const tree = patchedTree(model, patches);
      for (const [name, recipe, format] of builds) {
        const variant = patches.join("+");
        const out = join(work, "out", `${name}-${variant}.js`);
        let built = true;
        try {
          await buildBundle(tree, recipe, format, out);
        } catch (err) {
          built = false;
          total += 1;
          failures.push(`${variant} ${name}: build failed: ${err.message}`);
          console.log(`${variant} ${name}: WRONG: build failed: ${String(err.message).split("\n")[0]}`);
        }
        if (built) await check(`${variant} ${name}`, out, `${name}-${variant}`, base, clear);
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`verify: ${passed}/${total} bundle checks right (${readdirSync(join(here, "bundles")).length} stock bundles, ${total - readdirSync(join(here, "bundles")).length} patched variant builds)`);
process.exit(failures.length ? 1 : 0);
