// Runs every scenario against every stock bundle and checks the stock defect.
//
//   cd testdata/model && node check-fixtures.mjs
//
// Checks: the committed bundles match MANIFEST.json; all bundles (base, variant,
// split and third model) give identical reports for each scenario, and log the same
// [LiveSteeringHook] deliveries in the same order; each scenario's report is the
// expected stock one (the defect: a sub-agent spawned after a steer was delivered
// to the root gets it again, memory extraction gets user steering); the root
// receives each steer exactly once (at most once where a clear or cancel
// intervenes); the third model's bundles really are es2019/keepNames output; the
// split variant's bundles really have a split drain (and, minified, a brace-less
// delivery loop).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");
const SCENARIOS = path.join(REPO, "testdata/scenarios");
const manifest = JSON.parse(readFileSync(path.join(REPO, "testdata/bundles/MANIFEST.json"), "utf8"));

// Expected stock reports: execution id -> received steering ids, and the turn outcomes.
const STOCK = {
  "late-subagent": {
    outcomes: ["completed"],
    received: { "00000001-kiro": ["steer-1"], "00000002-explorer": ["steer-1"] },
    lateSubAgents: { "00000002-explorer": ["steer-1"] },
  },
  "several-late-subagents": {
    outcomes: ["completed"],
    received: {
      "00000001-kiro": ["steer-1", "steer-2", "steer-3"],
      "00000002-explorer": ["steer-1", "steer-2"],
      "00000003-delegate-reviewer": ["steer-1", "steer-2", "steer-3"],
      "00000004-planner": ["steer-1", "steer-2", "steer-3"],
    },
    lateSubAgents: {
      "00000002-explorer": ["steer-1", "steer-2"],
      "00000003-delegate-reviewer": ["steer-1", "steer-2"],
      "00000004-planner": ["steer-1", "steer-2", "steer-3"],
    },
  },
  "steer-while-subagent-live": {
    outcomes: ["completed"],
    received: { "00000001-kiro": ["steer-1"], "00000002-writer": ["steer-1"] },
  },
  "notify-live-and-late": {
    outcomes: ["completed"],
    received: {
      "00000001-kiro": ["notify-1", "steer-2"],
      "00000002-builder": ["notify-1"],
      "00000003-fixer": ["notify-1"],
      "00000004-delegate-fixer": ["notify-1", "steer-2"],
    },
    lateSubAgents: { "00000003-fixer": ["notify-1"], "00000004-delegate-fixer": ["notify-1"] },
  },
  "nested-subagents": {
    outcomes: ["completed"],
    received: {
      "00000001-kiro": ["steer-1", "steer-2"],
      "00000002-outer": ["steer-1", "steer-2"],
      "00000003-delegate-inner": ["steer-1", "steer-2"],
      "00000004-inner-late": ["steer-1", "steer-2"],
    },
    lateSubAgents: { "00000002-outer": ["steer-1"], "00000003-delegate-inner": ["steer-1"], "00000004-inner-late": ["steer-1", "steer-2"] },
    drainRetries: { "00000003-delegate-inner": 1 },
    depths: { "00000003-delegate-inner": 2, "00000004-inner-late": 2 },
  },
  "memory-extraction": {
    outcomes: ["completed"],
    received: { "00000001-kiro": ["steer-1"], "00000002-memory-extraction": ["steer-1"] },
  },
  "steer-during-final-reply": {
    outcomes: ["completed"],
    received: { "00000001-kiro": ["steer-1"] },
    drainRetries: { "00000001-kiro": 1 },
  },
  "drain-retries-exhausted": {
    outcomes: ["continued"],
    received: { "00000001-kiro": ["steer-1", "steer-2", "steer-3"], "00000002-kiro": ["steer-4"] },
    drainRetries: { "00000001-kiro": 3 },
    exhausted: ["00000001-kiro"],
  },
  "root-continuation": {
    outcomes: ["continued"],
    received: { "00000001-kiro": ["steer-1"], "00000002-memory-extraction": ["steer-1", "steer-2"], "00000003-kiro": ["steer-2"] },
    drainRetries: { "00000002-memory-extraction": 1 },
  },
  "two-turns": {
    outcomes: ["completed", "completed"],
    received: {
      "00000001-kiro": ["steer-1"],
      "00000002-helper": ["steer-1"],
      "00000003-kiro": ["steer-2"],
      "00000004-helper": ["steer-2"],
    },
    lateSubAgents: { "00000002-helper": ["steer-1"], "00000004-helper": ["steer-2"] },
  },
  "clear-mid-turn": {
    outcomes: ["completed"],
    steeringEpoch: 1,
    // The root's cursor (1) stays past the cleared buffer: it never sees steer-2 (Kiro#11449).
    received: { "00000001-kiro": ["steer-1"], "00000002-linter": ["steer-2"] },
    rootMisses: ["steer-2"],
  },
  "retract-and-retype": {
    outcomes: ["completed"],
    steeringEpoch: 1,
    // The correction typed after the clear is stranded behind the root's cursor (Kiro#11449).
    received: { "00000001-kiro": ["steer-1"] },
    rootMisses: ["steer-2"],
    deliveredToNobody: ["steer-2"],
  },
  "retract-and-retype-live-subagent": {
    outcomes: ["completed"],
    steeringEpoch: 1,
    // The live sub-agent was handed steer-1 again (Kiro#11240); the correction reaches nobody (Kiro#11449).
    received: { "00000001-kiro": ["steer-1"], "00000002-reviewer": ["steer-1"] },
    lateSubAgents: { "00000002-reviewer": ["steer-1"] },
    rootMisses: ["steer-2"],
    deliveredToNobody: ["steer-2"],
  },
  "cancel-then-next-turn": {
    outcomes: ["cancelled", "completed"],
    // steer-1 arrives after the cancelled turn's only drain; the cancel clears it.
    received: { "00000001-kiro": [], "00000002-kiro": ["steer-2"], "00000003-lister": ["steer-2"] },
    rootMisses: ["steer-1"],
    lateSubAgents: { "00000003-lister": ["steer-2"] },
  },
  "cancel-during-memory-extraction": {
    outcomes: ["cancelled", "completed"],
    // steer-2 arrives with the cancel during memory extraction; the cancel clears it, so no continuation runs.
    received: { "00000001-kiro": ["steer-1"], "00000002-memory-extraction": ["steer-1"], "00000003-kiro": [], "00000004-tester": [] },
    rootMisses: ["steer-2"],
  },
};

// The drain's log line; the message and execution ids differ between models
// (counters in the base and variant, UUIDs in the third model), so a delivery is
// compared as (agent, handlers).
const INJECTED = /\[LiveSteeringHook\] injected steering (\S+) into (\S+) \(([^)]{8})\) \(handlers: (\d+)\)/;

function run(bundlePath, scenarioPath) {
  const child = spawnSync(process.execPath, [path.join(REPO, bundlePath), "--scenario", scenarioPath], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.status !== 0) throw new Error(`${bundlePath} --scenario ${scenarioPath} exited ${child.status}: ${child.stderr}`);
  const deliveries = child.stderr
    .split("\n")
    .map((line) => INJECTED.exec(line))
    .filter(Boolean)
    .map(([, , agent, , handlers]) => `${agent} (handlers: ${handlers})`);
  return { report: JSON.parse(child.stdout), deliveries };
}

let checks = 0;
const check = (fn, what) => {
  try {
    fn();
    checks++;
  } catch (error) {
    error.message = `${what}: ${error.message}`;
    throw error;
  }
};

// The committed bundles are the ones MANIFEST.json describes.
for (const b of manifest.bundles) {
  const bytes = readFileSync(path.join(REPO, b.path));
  check(() => assert.equal(createHash("sha256").update(bytes).digest("hex"), b.sha256), `${b.name}: sha256 matches MANIFEST.json`);
  check(() => assert.equal(JSON.parse(readFileSync(path.join(REPO, b.tree, "node_modules/@kiro/agent/package.json"), "utf8")).version, b.version), `${b.name}: version`);
}
// The third model is built for es2019 with keepNames: class fields are lowered to
// __publicField(this, "name", value) calls, ?? and ?. are lowered, and __name(...)
// wraps functions and classes (helper names are mangled in the minified bundles).
for (const b of manifest.bundles.filter((x) => x.model === "third")) {
  const code = readFileSync(path.join(REPO, b.path), "utf8");
  const what = (msg) => `${b.name}: ${msg}`;
  check(() => assert.match(code, /\(this,\s*"steeringReaderIndex",\s*0\)/), what("steeringReaderIndex is a lowered class field"));
  check(() => assert.match(code, /\(this,\s*"drainRetryCount",\s*0\)/), what("drainRetryCount is a lowered class field"));
  check(() => assert.doesNotMatch(code, /\bsteeringReaderIndex\s*=\s*0\s*;/), what("no unlowered class field"));
  check(() => assert.doesNotMatch(code, /\?\?|\?\.[^\d]/), what("?? and ?. are lowered"));
  check(() => assert.match(code, /\w\(\w+,\s*"LiveSteeringHook"\)/), what("keepNames: __name(..., \"LiveSteeringHook\")"));
  check(() => assert.match(code, /\w\(\w+,\s*"resolveEndOfTurn"\)/), what("keepNames: __name(..., \"resolveEndOfTurn\")"));
  if (b.shape === "readable") check(() => assert.match(code, /__publicField\(this, "steeringReaderIndex", 0\)/), what("__publicField helper"));
}

// The split variant (split/): the function holding the [LiveSteeringHook] line
// touches no cursor and delivers what a second top-level function collected; that
// collector advances the cursor once, through setSteeringReaderIndex, after its
// loop. Minified (esbuild and terser), the delivery loop's body is one comma
// expression without braces; readable, it keeps its block.
for (const b of manifest.bundles.filter((x) => x.model === "split")) {
  const code = readFileSync(path.join(REPO, b.path), "utf8");
  const what = (msg) => `${b.name}: ${msg}`;
  const log = code.indexOf("[LiveSteeringHook] injected steering");
  const drainAt = code.lastIndexOf("async function ", log);
  const drain = code.slice(drainAt, log);
  check(() => assert.doesNotMatch(drain, /steeringReaderIndex|SteeringReaderIndex/i), what("the drain touches no cursor"));
  const call = /^async function \w+\((\w+)\)\s*\{\s*(?:const|let|var)\s+\w+\s*=\s*(\w+)\(\1\)/.exec(drain);
  check(() => assert.ok(call, "no collector call"), what("the drain starts by calling a collector with its execution"));
  if (!call) continue;
  const collectorAt = code.search(new RegExp(`(?<![\\w$.])function ${call[2].replace(/\$/g, "\\$")}\\(`));
  check(() => assert.ok(collectorAt >= 0 && collectorAt < drainAt, `collector ${call[2]} at ${collectorAt}`), what("the collector is a module-level function before the drain"));
  const collector = code.slice(collectorAt, drainAt);
  check(() => assert.equal(collector.split(".setSteeringReaderIndex(").length - 1, 1), what("the collector advances the cursor once"));
  check(() => assert.doesNotMatch(collector, /steeringReaderIndex\s*(?:=[^=]|\+\+|\+=)/), what("the collector writes the cursor only through setSteeringReaderIndex"));
  check(() => assert.match(collector, /for\s*\([^]*\}\s*(?:return\s+)?\w+\.setSteeringReaderIndex\(\w+\)/), what("the advance comes after the collecting loop"));
  const loop = code.slice(drainAt, log + 40);
  if (b.shape === "minified") {
    check(
      () => assert.match(loop, /for\((?:const|let) (\w+) of \w+\)\1\.handlers\.add\(\w+\.executionId\),\w+\.queueSteering\(\1\),\w+\.info\(`\[LiveSteeringHook\] injected steering/),
      what("the delivery loop's body is one comma expression without braces"),
    );
  } else {
    check(() => assert.match(loop, /for \(const (\w+) of \w+\) \{\n\s+\1\.handlers\.add\(/), what("the readable delivery loop keeps its block"));
  }
}

const notKas = readFileSync(path.join(REPO, manifest.notKas.path), "utf8");
check(() => assert.equal(createHash("sha256").update(notKas).digest("hex"), manifest.notKas.sha256), "not-kas: sha256");
check(() => assert.ok(!notKas.includes("steeringReaderIndex") && !notKas.includes("LiveSteeringHook")), "not-kas: no steering code");

const scenarioFiles = readdirSync(SCENARIOS).filter((f) => f.endsWith(".json")).sort();
assert.deepEqual(scenarioFiles.map((f) => f.replace(/\.json$/, "")).sort(), Object.keys(STOCK).sort(), "every scenario has expectations");

for (const file of scenarioFiles) {
  const name = file.replace(/\.json$/, "");
  const want = STOCK[name];
  const scenarioPath = path.join(SCENARIOS, file);
  const reports = manifest.bundles.map((b) => ({ bundle: b.name, ...run(b.path, scenarioPath) }));
  const [first] = reports;

  // All bundles (base, variant and third model, readable and minified) behave identically.
  for (const { bundle, report, deliveries } of reports.slice(1)) {
    check(() => assert.deepEqual(report, first.report), `${name}: ${bundle} report equals ${first.bundle}`);
    check(() => assert.deepEqual(deliveries, first.deliveries), `${name}: ${bundle} logs the deliveries of ${first.bundle}`);
  }
  check(
    () => assert.equal(first.deliveries.length, first.report.executions.reduce((n, e) => n + e.received.length, 0)),
    `${name}: one [LiveSteeringHook] line per delivery`,
  );

  const report = first.report;
  const byId = new Map(report.executions.map((e) => [e.id, e]));
  const what = (msg) => `${name}: ${msg}`;
  check(() => assert.deepEqual(report.outcomes, want.outcomes), what("outcomes"));
  check(() => assert.equal(report.steeringEpoch, want.steeringEpoch ?? 0), what("steering epoch"));
  check(
    () => assert.deepEqual(Object.fromEntries(report.executions.map((e) => [e.id, e.received])), want.received),
    what("received steering per execution"),
  );
  for (const e of report.executions) {
    check(() => assert.equal(new Set(e.received).size, e.received.length), what(`${e.id} receives no message twice`));
    check(() => assert.equal(e.drainRetries, want.drainRetries?.[e.id] ?? 0), what(`${e.id} drainRetries`));
    check(() => assert.equal(e.exhausted, (want.exhausted ?? []).includes(e.id)), what(`${e.id} exhausted`));
    check(() => assert.equal(e.depth, want.depths?.[e.id] ?? (e.agent === "kiro" ? 0 : 1)), what(`${e.id} depth`));
  }

  // The root receives each steer exactly once (a steer lost to a clear or a cancel: never).
  const steers = new Set(report.executions.flatMap((e) => e.received).filter((id) => id.startsWith("steer-")));
  for (const id of want.rootMisses ?? []) steers.add(id);
  const rootReceived = report.executions.filter((e) => e.agent === "kiro" && e.depth === 0).flatMap((e) => e.received);
  for (const id of steers) {
    const times = rootReceived.filter((r) => r === id).length;
    check(() => assert.equal(times, (want.rootMisses ?? []).includes(id) ? 0 : 1), what(`root receives ${id} ${times} time(s)`));
  }

  // The stock defect of Kiro#11449: a message typed after a clear that no execution ever receives.
  for (const id of want.deliveredToNobody ?? []) {
    check(() => assert.ok(!report.executions.some((e) => e.received.includes(id))), what(`${id} is delivered to nobody`));
  }

  // The stock defect: a sub-agent spawned after the root was handed a message gets it again.
  for (const [id, replayed] of Object.entries(want.lateSubAgents ?? {})) {
    const sub = byId.get(id);
    check(() => assert.ok(sub && sub.depth > 0), what(`${id} is a sub-execution`));
    for (const m of replayed) {
      check(() => assert.ok(rootReceived.includes(m) && sub.received.includes(m)), what(`late sub-agent ${id} is handed ${m} again`));
    }
  }
  // The stock defect: memory extraction receives user steering.
  for (const e of report.executions.filter((x) => x.agent === "memory-extraction")) {
    check(() => assert.ok(e.depth === 1 && e.received.some((id) => id.startsWith("steer-"))), what(`memory extraction receives user steering`));
  }
}

process.stdout.write(`check-fixtures: ${manifest.bundles.length} bundles x ${scenarioFiles.length} scenarios\n${checks} passed, 0 failed\n`);
