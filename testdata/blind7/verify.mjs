// Judges every stock bundle and every reference-fix variant by behaviour, the way run's same() does:
// the bundle is placed as acp-server.js in a KAS-shaped tree (package.json "type" from the name: *esm* -> module),
// node --check must pass, then harness/scenarios.mjs and harness/clear-scenarios.mjs must print exactly expect/*.json.
//   node verify.mjs            (after node build.mjs)
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, copyFileSync, writeFileSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join, dirname, basename } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "blind7-verify-"));
const sets = [
  ["stock", join(root, "bundles"), "stock.json", "stock-clear.json"],
  ["seed", join(root, "build/variants/seed"), "seed.json", "seed-clear.json"],
  ["seed-rewind", join(root, "build/variants/seed-rewind"), "seed.json", "seed-rewind-clear.json"],
  ["gate", join(root, "build/variants/gate"), "gate.json", "gate-clear.json"],
  ["gate-rewind", join(root, "build/variants/gate-rewind"), "gate.json", "gate-rewind-clear.json"],
];

function tree(name, bundle) {
  const pkg = join(tmp, name, "kiro-cli/kas/2.21.0-0123abcd/node_modules/@kiro/agent");
  mkdirSync(join(pkg, "dist/server"), { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type: name.includes("esm") ? "module" : "commonjs" }) + "\n");
  const target = join(pkg, "dist/server/acp-server.js");
  copyFileSync(bundle, target);
  return target;
}

function same(script, target, expectFile) {
  let got;
  try {
    got = execFileSync("node", [join(root, "..", "corpus", "harness", script), target], { encoding: "utf8", timeout: 60000, stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    return `${script} failed: ${String(e.stderr).split("\n").slice(0, 3).join(" ")}`;
  }
  const a = JSON.stringify(JSON.parse(got));
  const b = JSON.stringify(JSON.parse(readFileSync(join(root, "..", "corpus", "expect", expectFile), "utf8")));
  return a === b ? "" : `${script} differs from expect/${expectFile}: ${a}`;
}

let ok = 0, total = 0;
for (const [label, dir, base, clear] of sets) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js")).sort()) {
    total++;
    const name = basename(file, ".js");
    const target = tree(`${name}-${label}`, join(dir, file));
    let why = "";
    try {
      execFileSync("node", ["--check", target], { stdio: "ignore" });
    } catch {
      why = "node --check failed";
    }
    why ||= same("scenarios.mjs", target, base) || same("clear-scenarios.mjs", target, clear);
    if (!why) ok++;
    console.log(`${name.padEnd(24)} ${label.padEnd(12)} ${why ? "WRONG: " + why.slice(0, 400) : `right (${base}, ${clear})`}`);
  }
}
rmSync(tmp, { recursive: true, force: true });
console.log(`verify: ${ok}/${total} bundle-variant cases right`);
process.exit(ok === total ? 0 : 1);
