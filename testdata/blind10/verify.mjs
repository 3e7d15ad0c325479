// Checks the stock bundles and the hand-written reference fixes against the corpus expectations.
// usage: node verify.mjs
//  1. every stock bundle in bundles/ rebuilds byte for byte from models/ (reproducible builds);
//  2. the stock bundles answer the public facts probe (log line, `_session/steer/clear` reply);
//  3. the stock bundles give stock.json / stock-clear.json under the corpus harness;
//  4. for each model, a copy is patched (variants/<m>/*.patch, applied like `patch -p1`), built with
//     each of the model's three recipes, and run under the harness:
//       seed -> seed.json / seed-clear.json          gate -> gate.json / gate-clear.json
//       seed+rewind -> seed.json / seed-rewind-clear.json
//       gate+rewind -> gate.json / gate-rewind-clear.json
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ROOT, RECIPES, MODEL_RECIPES, bundleName, buildRecipe, sha256 } from "./build.mjs";

const CORPUS = process.env.KAS_CORPUS ?? "/work/shared/corpus";
const HARNESS = { scenarios: path.join(CORPUS, "harness/scenarios.mjs"), clear: path.join(CORPUS, "harness/clear-scenarios.mjs") };
const EXPECT = (name) => JSON.parse(readFileSync(path.join(CORPUS, "expect", `${name}.json`), "utf8"));
const SCRATCH = path.join(ROOT, ".verify");

const VARIANTS = [
  { name: "seed", patches: ["seed"], scenarios: "seed", clear: "seed-clear" },
  { name: "gate", patches: ["gate"], scenarios: "gate", clear: "gate-clear" },
  { name: "seed+rewind", patches: ["seed", "rewind"], scenarios: "seed", clear: "seed-rewind-clear" },
  { name: "gate+rewind", patches: ["gate", "rewind"], scenarios: "gate", clear: "gate-rewind-clear" },
];

let right = 0;
let wrong = 0;
function check(label, ok, detail = "") {
  if (ok) right++;
  else wrong++;
  console.log(`${ok ? "right" : "WRONG"}  ${label}${!ok && detail ? `\n       ${detail}` : ""}`);
}

// ---- a strict unified-diff applier (what `patch -p1` does, without fuzz) ----
function parsePatch(text) {
  const files = [];
  const lines = text.split("\n");
  let i = 0;
  while (i < lines.length) {
    if (lines[i].startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
      const target = lines[i + 1].slice(4).split("\t")[0].replace(/^b\//, "");
      const file = { target, hunks: [] };
      i += 2;
      while (i < lines.length && lines[i].startsWith("@@")) {
        const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(lines[i]);
        if (!m) throw new Error(`bad hunk header: ${lines[i]}`);
        const hunk = { oldStart: +m[1], oldCount: m[2] === undefined ? 1 : +m[2], newStart: +m[3], newCount: m[4] === undefined ? 1 : +m[4], old: [], new: [] };
        i++;
        while (i < lines.length && (hunk.old.length < hunk.oldCount || hunk.new.length < hunk.newCount)) {
          const line = lines[i];
          const tag = line[0];
          const body = line.slice(1);
          if (tag === " " || line === "") {
            hunk.old.push(body);
            hunk.new.push(body);
          } else if (tag === "-") hunk.old.push(body);
          else if (tag === "+") hunk.new.push(body);
          else if (tag === "\\") {
            // "\ No newline at end of file"
          } else break;
          i++;
        }
        if (hunk.old.length !== hunk.oldCount || hunk.new.length !== hunk.newCount) {
          throw new Error(`${target}: hunk @@ -${hunk.oldStart},${hunk.oldCount} +${hunk.newStart},${hunk.newCount} @@ has ${hunk.old.length} old / ${hunk.new.length} new lines`);
        }
        file.hunks.push(hunk);
      }
      files.push(file);
    } else i++;
  }
  if (files.length === 0) throw new Error("no file in patch");
  return files;
}

function applyPatch(dir, patchFile) {
  const notes = [];
  for (const file of parsePatch(readFileSync(patchFile, "utf8"))) {
    const full = path.join(dir, file.target);
    const source = readFileSync(full, "utf8").split("\n");
    let shift = 0;
    for (const hunk of file.hunks) {
      const expected = hunk.oldStart - 1 + shift;
      const matchesAt = (at) => at >= 0 && at + hunk.old.length <= source.length && hunk.old.every((l, k) => source[at + k] === l);
      let at = -1;
      for (let offset = 0; offset < source.length && at < 0; offset++) {
        if (matchesAt(expected + offset)) at = expected + offset;
        else if (offset > 0 && matchesAt(expected - offset)) at = expected - offset;
      }
      if (at < 0) throw new Error(`${file.target}: hunk at line ${hunk.oldStart} does not apply`);
      if (at !== expected) notes.push(`${file.target}: hunk at line ${hunk.oldStart} applied with offset ${at - expected}`);
      source.splice(at, hunk.old.length, ...hunk.new);
      shift += hunk.new.length - hunk.old.length + (at - expected);
    }
    writeFileSync(full, source.join("\n"));
  }
  return notes;
}

// ---- running the corpus harness ----
function runHarness(script, bundle) {
  const res = spawnSync(process.execPath, [script, bundle], { encoding: "utf8", timeout: 60_000 });
  if (res.status !== 0) return { error: `exit ${res.status}: ${res.stderr.trim().split("\n").slice(-3).join(" | ")}` };
  try {
    return { value: JSON.parse(res.stdout) };
  } catch (err) {
    return { error: `unparsable output: ${String(err)}` };
  }
}

function compare(label, bundle, script, expectName) {
  const got = runHarness(script, bundle);
  const want = JSON.stringify(EXPECT(expectName));
  if (got.error) return check(`${label} -> ${expectName}.json`, false, got.error);
  const have = JSON.stringify(got.value);
  check(`${label} -> ${expectName}.json`, have === want, firstDifference(got.value, EXPECT(expectName)));
}

function firstDifference(have, want) {
  for (const key of new Set([...Object.keys(want), ...Object.keys(have)])) {
    if (JSON.stringify(have[key]) !== JSON.stringify(want[key])) {
      return `${key}: got ${JSON.stringify(have[key])}, want ${JSON.stringify(want[key])}`;
    }
  }
  return "key order differs";
}

// ---- the public-facts probe run against each stock bundle ----
const PROBE = `
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
const bundle = process.argv[2];
let api;
try { api = createRequire(import.meta.url)(bundle); } catch { api = await import(pathToFileURL(bundle).href); }
if (!api.createSession) api = api.default ?? api;
const model = { n: 0, async invoke(execution, context) {
  this.n++;
  if (this.n === 1) return { text: "", toolCalls: [{ name: "user_steer", text: "probe steer" }] };
  if (this.n === 2) return { text: "", toolCalls: [{ name: "invoke_sub_agent", input: { subagentId: "probe-helper", prompt: "p" } }] };
  return { text: "done" };
} };
const session = api.createSession(model);
await session.prompt("probe");
const late = session.steer("typed after the turn");
const reply = await api.handleExtMethod("_session/steer/clear", { sessionId: session.sessionId });
const lines = api.logLines.filter((l) => l.includes("injected steering"));
console.log(JSON.stringify({ reply, lateId: late.id, lines }));
`;

function probe(bundle) {
  const file = path.join(SCRATCH, "probe.mjs");
  writeFileSync(file, PROBE);
  const res = spawnSync(process.execPath, [file, bundle], { encoding: "utf8", timeout: 30_000 });
  if (res.status !== 0) return `probe failed: ${res.stderr.trim().split("\n").slice(-2).join(" | ")}`;
  const { reply, lateId, lines } = JSON.parse(res.stdout);
  const marker = /\[LiveSteeringHook\] injected steering steer-[0-9a-f]+ into (\S+) \([0-9a-f]{8}\) \(handlers: (\d+)\)$/;
  const parsed = lines.map((l) => marker.exec(l));
  if (parsed.length !== 3 || parsed.some((m) => m === null)) return `log lines: ${JSON.stringify(lines)}`;
  const agents = parsed.map((m) => m[1]).join(",");
  if (agents !== "chat-agent,probe-helper,memory-extraction") return `delivered to ${agents}`;
  if (JSON.stringify(reply) !== JSON.stringify({ cleared: true, messageIds: [lateId] })) return `clear reply ${JSON.stringify(reply)}`;
  return "";
}

// ---- the spawn paths the corpus harness never takes (own check, not a corpus expectation) ----
// t: context compaction spawns "context-summarizer" through the shared helper (budget forced tiny);
// u: the parallel tool "invoke_sub_agents" builds its own children. After a steer the root read,
// a stock build hands that steer to those executions too (#11240); seed and gate must not.
const SPAWN_PROBE = `
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
const [bundle, model] = process.argv.slice(2);
let api;
try { api = createRequire(import.meta.url)(bundle); } catch { api = await import(pathToFileURL(bundle).href); }
if (!api.createSession) api = api.default ?? api;
const calls = {};
const script = model === "t"
  ? (name, n) => name !== "chat-agent" ? { text: "ok" } : n === 1 ? { toolCalls: [{ name: "user_steer", text: "steer #X" }] } : n < 7 ? { toolCalls: [{ name: "lookup", input: {} }] } : { text: "done" }
  : (name, n) => name !== "chat-agent" ? { text: "ok" } : n === 1 ? { toolCalls: [{ name: "user_steer", text: "steer #X" }] } : n === 2 ? { toolCalls: [{ name: "invoke_sub_agents", input: { tasks: [{ subagentId: "par-a", prompt: "a" }, { subagentId: "par-b", prompt: "b" }] } }] } : { text: "done" };
const session = api.createSession({ async invoke(execution) { const n = (calls[execution.agentName] = (calls[execution.agentName] ?? 0) + 1); return script(execution.agentName, n); } }, { contextCharBudget: 10 });
await session.prompt("probe");
const agents = model === "t" ? ["context-summarizer"] : ["par-a", "par-b"];
const out = {};
for (const a of agents) out[a] = { calls: calls[a] ?? 0, steers: api.logLines.filter((l) => l.includes("injected steering steer-") && l.includes(" into " + a + " (")).length };
console.log(JSON.stringify(out));
`;

function spawnProbe(bundle, model, fixed) {
  const file = path.join(SCRATCH, "spawn-probe.mjs");
  writeFileSync(file, SPAWN_PROBE);
  const res = spawnSync(process.execPath, [file, bundle, model], { encoding: "utf8", timeout: 30_000 });
  if (res.status !== 0) return `probe failed: ${res.stderr.trim().split("\n").slice(-2).join(" | ")}`;
  const out = JSON.parse(res.stdout);
  for (const [agent, { calls, steers }] of Object.entries(out)) {
    if (calls === 0) return `${agent} never ran`;
    if (fixed ? steers !== 0 : steers === 0) return `${agent} was handed ${steers} steer(s): ${res.stdout.trim()}`;
  }
  return "";
}

const DORMANT = { t: "context compaction", u: "invoke_sub_agents" };

// ---- main ----
rmSync(SCRATCH, { recursive: true, force: true });
mkdirSync(SCRATCH, { recursive: true });

for (const [model, recipes] of Object.entries(MODEL_RECIPES)) {
  for (const recipe of recipes) {
    const name = bundleName(model, recipe);
    const shipped = path.join(ROOT, "bundles", name);
    if (!existsSync(shipped)) {
      check(`${name} exists`, false, "run node build.mjs");
      continue;
    }
    const rebuilt = await buildRecipe(path.join(ROOT, "models", model), recipe);
    check(`${name} rebuilds byte for byte`, sha256(rebuilt) === sha256(readFileSync(shipped, "utf8")));
    const problem = probe(shipped);
    check(`${name} facts probe (log line, _session/steer/clear reply)`, problem === "", problem);
    const dormant = spawnProbe(shipped, model, false);
    check(`${name} stock: ${DORMANT[model]} replays the root's steer (own check)`, dormant === "", dormant);
    compare(`${name} stock`, shipped, HARNESS.scenarios, "stock");
    compare(`${name} stock`, shipped, HARNESS.clear, "stock-clear");
  }
}

for (const [model, recipes] of Object.entries(MODEL_RECIPES)) {
  for (const variant of VARIANTS) {
    const dir = path.join(SCRATCH, `${model}-${variant.name.replace("+", "-")}`);
    cpSync(path.join(ROOT, "models", model), dir, { recursive: true, filter: (src) => !src.includes(".tsc-out") });
    let notes;
    try {
      notes = variant.patches.flatMap((p) => applyPatch(dir, path.join(ROOT, "variants", model, `${p}.patch`)));
    } catch (err) {
      check(`${model} ${variant.name} patches apply`, false, String(err));
      continue;
    }
    check(`${model} ${variant.name} patches apply${notes.length ? ` (${notes.join("; ")})` : " cleanly"}`, true);
    for (const recipe of recipes) {
      const bundle = path.join(dir, "out", bundleName(model, recipe));
      try {
        mkdirSync(path.dirname(bundle), { recursive: true });
        writeFileSync(bundle, await buildRecipe(dir, recipe));
      } catch (err) {
        check(`${model} ${variant.name} ${recipe} builds`, false, String(err).slice(0, 400));
        continue;
      }
      const label = `${bundleName(model, recipe)} ${variant.name}`;
      const dormant = spawnProbe(bundle, model, true);
      check(`${label}: ${DORMANT[model]} gets no earlier steer (own check)`, dormant === "", dormant);
      compare(label, bundle, HARNESS.scenarios, variant.scenarios);
      compare(label, bundle, HARNESS.clear, variant.clear);
    }
  }
}

rmSync(SCRATCH, { recursive: true, force: true });
const recipesUsed = Object.values(MODEL_RECIPES).flat();
console.log(`verify: ${right}/${right + wrong} checks right (${wrong} wrong), ${recipesUsed.length} stock bundles, ${Object.keys(RECIPES).length} recipes, ${VARIANTS.length} fixes per model`);
process.exit(wrong === 0 ? 0 : 1);
