// node verify.mjs : checks the stock bundles and hand-made reference fixes of both models
// against the corpus harness and expectations (exact JSON equality).
//  1. bundles/ is exactly what build.mjs produces now (byte-reproducible build);
//  2. every stock bundle: harness/scenarios.mjs -> expect/stock.json, harness/clear-scenarios.mjs -> expect/stock-clear.json;
//  3. source-level reference fixes of each model, built with all three of its recipes:
//     seed, gate                -> expect/<mode>.json and expect/<mode>-clear.json
//     seed+rewind, gate+rewind  -> expect/<mode>.json and expect/<mode>-rewind-clear.json
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MODELS, buildAll } from "./recipes.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const corpus = "/work/shared/corpus";
const tmp = path.join(root, ".verify-tmp");
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

let pass = 0;
let fail = 0;
function check(ok, what, detail = "") {
  if (ok) pass++;
  else fail++;
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok || !detail ? "" : `\n     ${detail}`}`);
}

const expect = (name) => JSON.parse(readFileSync(path.join(corpus, "expect", name), "utf8"));

// Lay the bundle out as the judging runner does: acp-server.js beside a package.json of the right module type.
let seq = 0;
function place(name, code) {
  const dir = path.join(tmp, `t${++seq}-${name.replace(/\.js$/, "")}`, "dist", "server");
  mkdirSync(dir, { recursive: true });
  const type = name.includes("esm") ? "module" : "commonjs";
  writeFileSync(path.join(dir, "..", "..", "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type }) + "\n");
  const file = path.join(dir, "acp-server.js");
  writeFileSync(file, code);
  return file;
}

function scenarios(script, file) {
  const out = execFileSync(process.execPath, [path.join(corpus, "harness", script), file], { encoding: "utf8", timeout: 60000 });
  return JSON.parse(out);
}

function same(script, file, expectName, label) {
  let got;
  try {
    got = scenarios(script, file);
  } catch (e) {
    check(false, `${label}: ${script} -> ${expectName}`, `harness failed: ${String(e.stderr || e.message).split("\n")[0]}`);
    return;
  }
  const want = expect(expectName);
  const ok = JSON.stringify(got) === JSON.stringify(want);
  let detail = "";
  if (!ok) {
    for (const k of Object.keys(want)) {
      if (JSON.stringify(got[k]) !== JSON.stringify(want[k])) {
        detail = `first difference in ${k}: got ${JSON.stringify(got[k])} want ${JSON.stringify(want[k])}`;
        break;
      }
    }
  }
  check(ok, `${label}: ${script} -> ${expectName}`, detail);
}

function moduleShape(name, file) {
  execFileSync(process.execPath, ["--check", file]);
  const code = readFileSync(file, "utf8");
  const esm = /(^|[;}\n])export\s*\{/.test(code);
  const cjs = /\bmodule\.exports\b|\bexports\.[A-Za-z_$]|Object\.defineProperty\(exports/.test(code);
  return name.includes("esm") ? esm && !cjs : cjs && !esm;
}

// ---- 1 + 2: the stock bundles ------------------------------------------------------------
const stockNames = [];
for (const model of Object.keys(MODELS)) {
  for (const { name, code } of await buildAll(model, path.join(root, "models", model))) {
    stockNames.push(name);
    const onDisk = path.join(root, "bundles", name);
    check(existsSync(onDisk) && readFileSync(onDisk, "utf8") === code, `${name}: bundles/ matches a fresh build byte for byte`);
  }
}
const extra = readdirSync(path.join(root, "bundles")).filter((f) => f.endsWith(".js") && !stockNames.includes(f));
check(extra.length === 0, `bundles/ holds only the six stock bundles`, `extra: ${extra.join(", ")}`);
for (const name of stockNames) {
  const file = place(name, readFileSync(path.join(root, "bundles", name), "utf8"));
  check(moduleShape(name, file), `${name}: node --check, module type ${name.includes("esm") ? "ESM" : "CJS"}`);
  same("scenarios.mjs", file, "stock.json", `stock ${name}`);
  same("clear-scenarios.mjs", file, "stock-clear.json", `stock ${name}`);
}

// ---- 3: hand-made reference fixes ------------------------------------------------------------
// Each edit: in `file`, `find` must occur exactly once; it becomes `replace`.
const before = (file, find, add) => ({ file, find, replace: add + find });
const after = (file, find, add) => ({ file, find, replace: find + add });

const FIXES = {
  g: {
    // cursor seeding at every spawn site of a sub-execution: the sub-agent tool, memory extraction, compaction
    seed: [
      before("src/tools/invoke-sub-agent.ts", "    log.debug(`spawned",
        "    subAgentExecution.setSteeringReaderIndex(parent.sessionServices.steeringBuffer.journal.entries.length);\n"),
      before("src/memory/memory-extraction.ts", "    try {\n      const answer = await runner.run(extractor",
        "    extractor.setSteeringReaderIndex(source.sessionServices.steeringBuffer.journal.entries.length);\n"),
      before("src/context/compaction.ts", "    const summary = await runner.run(",
        "    summarizer.setSteeringReaderIndex(parent.sessionServices.steeringBuffer.journal.entries.length);\n"),
    ],
    // depth gate in the drain: withhold user steering from sub-executions, cursor still advanced
    gate: [
      after("src/steering/inject-live-steering.ts", "    execution.steeringReaderIndex = i + 1;\n",
        '    if (message.kind === "user" && execution.subExecutionDepth > 0) continue;\n'),
    ],
    // rewind on clear: every live execution's cursor goes back to the (now empty) buffer's start
    rewind: [
      after("src/session/kas-session.ts", "    const messageIds = this.sessionServices.steeringBuffer.reset(reason);\n",
        "    for (const live of this.runner.liveExecutions) live.setSteeringReaderIndex(0);\n"),
    ],
  },
  h: {
    seed: [
      before("src/execution/agent-execution.js", "    this.children.add(child);",
        "    child.setSteeringReaderIndex(this.sessionServices.liveSteering.messages.length);\n"),
    ],
    gate: [
      after("src/steering/live-steering-hook.js", "      execution.steeringReaderIndex += 1;\n",
        '      if (message.kind === "user" && execution.subExecutionDepth > 0) continue;\n'),
    ],
    rewind: [
      {
        file: "src/execution/build-graph.js",
        find: 'export async function runExecution(graph, execution, prompt) {\n  const final = await graph.invoke({ execution, context: [{ role: "user", text: prompt }], iteration: 0 });\n  return final.finalText ?? "";\n}',
        replace: 'export const liveExecutions = new Set();\n\nexport async function runExecution(graph, execution, prompt) {\n  liveExecutions.add(execution);\n  try {\n    const final = await graph.invoke({ execution, context: [{ role: "user", text: prompt }], iteration: 0 });\n    return final.finalText ?? "";\n  } finally {\n    liveExecutions.delete(execution);\n  }\n}',
      },
      {
        file: "src/session/session.js",
        find: 'import { buildAgentGraph } from "../execution/build-graph.js";',
        replace: 'import { buildAgentGraph, liveExecutions } from "../execution/build-graph.js";',
      },
      after("src/session/session.js", "    const messageIds = this.sessionServices.liveSteering.clear();\n",
        "    for (const live of liveExecutions) if (live.sessionServices === this.sessionServices) live.setSteeringReaderIndex(0);\n"),
    ],
  },
};

function applyEdits(dir, edits, label) {
  for (const { file, find, replace } of edits) {
    const p = path.join(dir, file);
    const src = readFileSync(p, "utf8");
    const n = src.split(find).length - 1;
    if (n !== 1) throw new Error(`${label}: anchor in ${file} occurs ${n} times: ${JSON.stringify(find.slice(0, 60))}`);
    writeFileSync(p, src.replace(find, () => replace));
  }
}

for (const model of Object.keys(MODELS)) {
  for (const mode of ["seed", "gate"]) {
    for (const rewind of [false, true]) {
      const variant = `${model}-${mode}${rewind ? "-rewind" : ""}`;
      const dir = path.join(tmp, "src", variant);
      cpSync(path.join(root, "models", model), dir, { recursive: true });
      applyEdits(dir, [...FIXES[model][mode], ...(rewind ? FIXES[model].rewind : [])], variant);
      for (const { name, code } of await buildAll(model, dir)) {
        const label = `${mode}${rewind ? "+rewind" : ""} ${name}`;
        const file = place(`${variant}-${name}`, code);
        same("scenarios.mjs", file, `${mode}.json`, label);
        same("clear-scenarios.mjs", file, rewind ? `${mode}-rewind-clear.json` : `${mode}-clear.json`, label);
      }
    }
  }
}

rmSync(tmp, { recursive: true, force: true });
console.log(`verify: ${pass}/${pass + fail} checks passed${fail ? `, ${fail} FAILED` : ""}`);
process.exit(fail ? 1 : 0);
