// Builds every model x fix x build and judges each bundle with the corpus harness.
//   node verify.mjs            -> one line per case, last line "verify: N/M right"; exit 1 if any is wrong
// Fixes are hand-written source patches in fixes/: <model>-seed, <model>-gate, <model>-rewind (applied on top of seed or gate).
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { execFileSync } from "node:child_process";
import { BUILDS, build } from "./build.mjs";

const here = path.dirname(new URL(import.meta.url).pathname);
const corpus = "/work/shared/corpus";
const variants = {
  stock: { patches: [], base: "stock", clear: "stock-clear" },
  seed: { patches: ["seed"], base: "seed", clear: "seed-clear" },
  gate: { patches: ["gate"], base: "gate", clear: "gate-clear" },
  "seed-rewind": { patches: ["seed", "rewind"], base: "seed", clear: "seed-rewind-clear" },
  "gate-rewind": { patches: ["gate", "rewind"], base: "gate", clear: "gate-rewind-clear" },
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "blind19-verify-"));
const read = (f) => JSON.parse(fs.readFileSync(f, "utf8"));

function scenarios(script, file) {
  return JSON.parse(execFileSync("node", [path.join(corpus, "harness", script), file], { encoding: "utf8", timeout: 60000 }));
}

function diff(got, want) {
  const bad = [];
  for (const k of new Set([...Object.keys(got), ...Object.keys(want)])) if (JSON.stringify(got[k]) !== JSON.stringify(want[k])) bad.push(k);
  return bad;
}

let ok = 0, total = 0;
for (const model of Object.keys(BUILDS)) {
  for (const [variant, spec] of Object.entries(variants)) {
    const dir = path.join(here, "build", `verify-${model}-${variant}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(path.join(here, model, "src"), path.join(dir, "src"), { recursive: true });
    for (const p of spec.patches) execFileSync("patch", ["-s", "-p1", "-d", path.join(dir, "src"), "-i", path.join(here, "fixes", `${model}-${p}.patch`)]);
    for (const how of BUILDS[model]) {
      total++;
      const name = `${model}-${how}`;
      const out = path.join(dir, "out", `${name}.js`);
      await build(model, how, dir, out);
      const problems = [];
      if (variant === "stock" && !fs.readFileSync(out).equals(fs.readFileSync(path.join(here, "bundles", `${name}.js`))))
        problems.push("stock build differs from bundles/" + name + ".js");
      // lay it out as the runner does: a package.json whose type follows the file name
      const pkg = path.join(tmp, `${name}-${variant}`);
      fs.mkdirSync(pkg, { recursive: true });
      fs.writeFileSync(path.join(pkg, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type: name.includes("esm") ? "module" : "commonjs" }));
      const file = path.join(pkg, "acp-server.js");
      fs.copyFileSync(out, file);
      try {
        const b = diff(scenarios("scenarios.mjs", file), read(path.join(corpus, "expect", `${spec.base}.json`)));
        if (b.length) problems.push(`${spec.base}.json: ${b.join(",")}`);
        const c = diff(scenarios("clear-scenarios.mjs", file), read(path.join(corpus, "expect", `${spec.clear}.json`)));
        if (c.length) problems.push(`${spec.clear}.json: ${c.join(",")}`);
      } catch (e) {
        problems.push("harness failed: " + String(e.message).split("\n")[0]);
      }
      if (!problems.length) ok++;
      console.log(`${name.padEnd(28)} ${variant.padEnd(12)} ${problems.length ? "WRONG: " + problems.join("; ") : "right"}`);
    }
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`verify: ${ok}/${total} right`);
process.exit(ok === total ? 0 : 1);
