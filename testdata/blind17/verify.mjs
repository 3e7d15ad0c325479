// Verifies the blind pair before the tool is run:
//  (a) a rebuild equals bundles/ byte for byte;
//  (b) each stock bundle, laid in a KAS-shaped tree the way the runner lays it, passes node --check and the
//      corpus harness gives expect/stock.json and expect/stock-clear.json;
//  (c) each model with each reference fix (fixes/<model>.mjs), built by every pipeline of that model, gives
//      expect/<mode>.json and expect/<mode>-clear.json; with the rewind added, <mode>-rewind-clear.json and
//      the base scenarios unchanged.
// usage: node verify.mjs        exit 0 when everything passes
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PIPELINES, buildAll, buildModel } from "./build.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const corpus = process.env.CORPUS_DIR ?? "/work/shared/corpus";
// inside this folder, so that patched copies of a model resolve node_modules/@types like the originals
const tmp = mkdtempSync(join(here, ".verify-"));
let failures = 0;
const ok = (what) => console.log(`ok    ${what}`);
const fail = (what, why) => {
  failures++;
  console.log(`FAIL  ${what}: ${why}`);
};

function tree(name, code) {
  const pkg = join(tmp, name, "kiro-cli/kas/2.21.0-0123abcd/node_modules/@kiro/agent");
  mkdirSync(join(pkg, "dist/server"), { recursive: true });
  const type = name.includes("esm") ? "module" : "commonjs";
  writeFileSync(join(pkg, "package.json"), `{"name":"@kiro/agent","version":"0.54.8","type":"${type}"}\n`);
  const file = join(pkg, "dist/server/acp-server.js");
  writeFileSync(file, code);
  return file;
}

function scenarios(script, file) {
  return execFileSync(process.execPath, [join(corpus, "harness", script), file], { encoding: "utf8", timeout: 60_000 });
}

function same(script, file, expectName) {
  let got;
  try {
    got = JSON.parse(scenarios(script, file));
  } catch (err) {
    return `harness failed: ${String(err.message).split("\n")[0]}`;
  }
  const want = JSON.parse(readFileSync(join(corpus, "expect", expectName), "utf8"));
  if (JSON.stringify(got) === JSON.stringify(want)) return "";
  const diffs = Object.keys({ ...want, ...got }).filter((k) => JSON.stringify(got[k]) !== JSON.stringify(want[k]));
  return `differs from ${expectName} in ${diffs.map((k) => `${k}: got ${JSON.stringify(got[k])}`).join("; ")}`;
}

function check(label, file, pairs) {
  try {
    execFileSync(process.execPath, ["--check", file], { stdio: "pipe" });
  } catch (err) {
    return fail(label, `node --check: ${String(err.stderr ?? err.message).split("\n").slice(0, 3).join(" ")}`);
  }
  for (const [script, expectName] of pairs) {
    const why = same(script, file, expectName);
    if (why) return fail(label, why);
  }
  ok(`${label} (${pairs.map((p) => p[1]).join(", ")})`);
}

function applyEdits(modelDir, edits, label) {
  for (const { file, find, replace } of edits) {
    const path = join(modelDir, "src", file);
    const src = readFileSync(path, "utf8");
    const n = src.split(find).length - 1;
    if (n !== 1) throw new Error(`${label}: find text occurs ${n} times in ${file}`);
    writeFileSync(path, src.replace(find, () => replace));
  }
}

try {
  // (a)
  const rebuilt = join(tmp, "rebuilt");
  const names = await buildAll(rebuilt);
  const shipped = readdirSync(join(here, "bundles")).filter((n) => n.endsWith(".js")).sort();
  if (JSON.stringify(shipped) !== JSON.stringify([...names].sort())) fail("(a) bundle set", `bundles/ has ${shipped.join(",")}; build makes ${names.join(",")}`);
  for (const n of names) {
    const a = readFileSync(join(rebuilt, n));
    let b;
    try {
      b = readFileSync(join(here, "bundles", n));
    } catch {
      b = Buffer.alloc(0);
    }
    if (a.equals(b)) ok(`(a) ${n} rebuilds byte for byte`);
    else fail(`(a) ${n}`, "rebuild differs from bundles/");
  }

  // (b)
  for (const n of shipped) {
    const name = basename(n, ".js");
    const file = tree(`stock-${name}`, readFileSync(join(here, "bundles", n)));
    check(`(b) ${name} stock`, file, [["scenarios.mjs", "stock.json"], ["clear-scenarios.mjs", "stock-clear.json"]]);
  }

  // (c)
  for (const model of Object.keys(PIPELINES)) {
    const fixes = (await import(join(here, "fixes", `${model}.mjs`))).default;
    for (const mode of ["seed", "gate"]) {
      for (const rewind of [false, true]) {
        const dir = join(tmp, `src-${model}-${mode}${rewind ? "-rewind" : ""}`);
        cpSync(join(here, model), dir, { recursive: true });
        applyEdits(dir, fixes[mode], `${model} ${mode}`);
        if (rewind) applyEdits(dir, fixes.rewind, `${model} rewind`);
        for (const pipeline of PIPELINES[model]) {
          const name = `${model}-${pipeline}`;
          const file = tree(`${mode}${rewind ? "-rewind" : ""}-${name}`, await buildModel(model, dir, pipeline));
          const pairs = rewind
            ? [["scenarios.mjs", `${mode}.json`], ["clear-scenarios.mjs", `${mode}-rewind-clear.json`]]
            : [["scenarios.mjs", `${mode}.json`], ["clear-scenarios.mjs", `${mode}-clear.json`]];
          check(`(c) ${name} + ${mode}${rewind ? " + rewind" : ""}`, file, pairs);
        }
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(failures === 0 ? "verify: all passed" : `verify: ${failures} failure(s)`);
process.exit(failures === 0 ? 0 : 1);
