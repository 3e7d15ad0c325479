// Runs every scenario against every stock bundle and checks the stock defect.
//
//   cd testdata/model && node check-fixtures.mjs
//
// Checks: the committed bundles match MANIFEST.json; all bundles (base, variant,
// split, third, fourth and fifth model) give identical reports for each scenario, and log the same
// [LiveSteeringHook] deliveries in the same order; each scenario's report is the
// expected stock one (the defect: a sub-agent spawned after a steer was delivered
// to the root gets it again, memory extraction gets user steering); the root
// receives each steer exactly once (at most once where a clear or cancel
// intervenes); the third model's bundles really are es2019/keepNames output; the
// split variant's bundles really have a split drain (and, minified, a brace-less
// delivery loop); the fourth and fifth models' bundles have the shapes their
// READMEs list.
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

// Index of the bracket closing the one at `open` (strings, templates and comments
// skipped; the fixture models contain no regular-expression literals).
function closingBracket(code, open) {
  const pairs = { "(": ")", "[": "]", "{": "}" };
  const stack = [code[open]];
  for (let i = open + 1; i < code.length; i++) {
    const ch = code[i];
    if (stack.at(-1) === "`") {
      if (ch === "\\") i++;
      else if (ch === "`") stack.pop();
      else if (ch === "$" && code[i + 1] === "{") stack.push("${"), i++;
      continue;
    }
    if (ch === '"' || ch === "'") {
      for (i++; code[i] !== ch; i++) if (code[i] === "\\") i++;
    } else if (ch === "`") stack.push("`");
    else if (ch === "/" && code[i + 1] === "/") i = code.indexOf("\n", i);
    else if (ch === "/" && code[i + 1] === "*") i = code.indexOf("*/", i) + 1;
    else if (ch in pairs) stack.push(ch);
    else if (ch === ")" || ch === "]" || ch === "}") {
      const opened = stack.pop();
      if (opened === "${" && ch === "}") continue;
      if (pairs[opened] !== ch) throw new Error(`unbalanced ${ch} at ${i}`);
      if (stack.length === 0) return i;
    }
  }
  throw new Error(`no bracket closes ${open}`);
}
const escapeRe = (name) => name.replace(/\$/g, "\\$");
// The function declaration `function <name>(`, with its parameter list and body.
function functionNamed(code, name) {
  const at = code.search(new RegExp(`(?<![\\w$.])function ${escapeRe(name)}\\(`));
  if (at < 0) return undefined;
  const paren = code.indexOf("(", at);
  const close = closingBracket(code, paren);
  const body = code.indexOf("{", close);
  return { at, params: code.slice(paren + 1, close), text: code.slice(at, closingBracket(code, body) + 1) };
}

// The fourth model (fourth/): fields assigned in constructors; the buffer's length
// through size(); one construction helper returning `new X({ ...opts, … })` for every
// sub-execution, called by the tool and by memory extraction (skipHooks); a prompt
// builder, called by the drain with the execution and the message, reads handlers
// and holds the wordings; the end-of-turn check comes from a factory called once.
for (const b of manifest.bundles.filter((x) => x.model === "fourth")) {
  const code = readFileSync(path.join(REPO, b.path), "utf8");
  const what = (msg) => `${b.name}: ${msg}`;
  for (const field of ["steeringReaderIndex", "drainRetryCount"]) {
    check(() => assert.match(code, new RegExp(`this\\.${field}\\s*=\\s*0\\b`)), what(`${field} is assigned in the constructor`));
    check(() => assert.doesNotMatch(code, new RegExp(`(?<![\\w$.])${field}\\s*=\\s*0\\b`)), what(`${field} is no class field`));
  }
  check(() => assert.match(code, /\bsize\(\)\s*\{\s*return this\.\w+\.length/), what("the buffer has a size() method"));
  check(() => assert.doesNotMatch(code, /\bget (?:length|count)\(\)/), what("no length getter"));
  const spawns = [...code.matchAll(/new ([\w$]+)\(\{/g)]
    .map((m) => ({ at: m.index, literal: code.slice(m.index + m[0].length - 1, closingBracket(code, m.index + m[0].length - 1) + 1) }))
    .filter((c) => c.literal.includes("subExecutionDepth:"));
  check(() => assert.equal(spawns.length, 1), what("one construction passes subExecutionDepth"));
  const helper = /function ([\w$]+)\(([\w$]+),\s*([\w$]+)\)\s*\{\s*return\s*$/.exec(code.slice(0, spawns[0]?.at ?? 0));
  check(() => assert.ok(helper, "no helper"), what("the construction is the return of a two-parameter function"));
  if (helper) {
    const [, name, parent, opts] = helper.map(escapeRe);
    const literal = spawns[0].literal;
    check(() => assert.match(literal, new RegExp(`^\\{\\s*\\.\\.\\.${opts},`)), what("the helper spreads its options first"));
    check(() => assert.match(literal, new RegExp(`sessionServices:\\s*${parent}\\.sessionServices`)), what("parent's sessionServices"));
    check(() => assert.match(literal, new RegExp(`signal:\\s*${parent}\\.abortController\\.signal`)), what("parent's abort signal"));
    check(() => assert.match(literal, new RegExp(`subExecutionDepth:\\s*${parent}\\.subExecutionDepth\\s*\\+\\s*1`)), what("parent depth + 1"));
    const calls = [...code.matchAll(new RegExp(`(?<![\\w$.])${name}\\([\\w$]+,\\s*(\\{[^}]*\\})\\)`, "g"))].map((m) => m[1]);
    check(() => assert.equal(calls.length, 2), what("the helper has two callers"));
    check(() => assert.ok(calls.some((o) => /^\{\s*agentName:\s*"memory-extraction",\s*skipHooks:\s*(?:true|!0)\s*\}$/.test(o))), what("memory extraction passes skipHooks"));
    check(() => assert.ok(calls.some((o) => /^\{\s*agentName(?::\s*[\w$]+)?\s*\}$/.test(o))), what("the tool passes its agentName"));
  }
  const log = code.indexOf("[LiveSteeringHook] injected steering");
  const drainAt = code.lastIndexOf("function ", log);
  const drainName = /^function ([\w$]+)\(([\w$]+)\)/.exec(code.slice(drainAt));
  check(() => assert.ok(drainName), what("the drain is a one-parameter function"));
  const drain = drainName && functionNamed(code, drainName[1]);
  const built = drain && new RegExp(`=\\s*([\\w$]+)\\(${escapeRe(drainName[2])},\\s*([\\w$]+)\\)[,;]\\s*${escapeRe(drainName[2])}\\.queueSteering\\(`).exec(drain.text);
  check(() => assert.ok(built, "no builder call"), what("the drain queues what a builder made of (execution, message)"));
  const builder = built && functionNamed(code, built[1]);
  check(() => assert.ok(builder && builder.at < drain.at), what("the builder is a function declared before the drain"));
  if (builder) {
    const entry = escapeRe(builder.params.split(",")[1].trim());
    check(() => assert.match(builder.text, new RegExp(`${entry}\\.handlers`)), what("the builder reads the message's handlers"));
    check(() => assert.notEqual(builder.params.split(",")[1].trim(), built[2]), what("the builder's message parameter is named unlike the drain's"));
    for (const words of ["While you delegated work to subagent(s)", "as the currently active agent", "informational only"]) {
      check(() => assert.ok(builder.text.includes(words) && !drain.text.includes(words)), what(`the builder, not the drain, holds "${words}"`));
    }
  }
  const factory = /function ([\w$]+)\(\{\s*continueTarget(?::\s*[\w$]+)?,\s*doneTarget(?::\s*[\w$]+)?\s*\}\)\s*\{\s*return\s*\(?[\w$]+\)?\s*=>/.exec(code);
  check(() => assert.ok(factory), what("the end-of-turn check is returned by a factory"));
  if (factory) {
    const calls = code.match(new RegExp(`(?<![\\w$.])${escapeRe(factory[1])}\\(\\{\\s*continueTarget:`, "g")) ?? [];
    const mentions = code.match(new RegExp(`(?<![\\w$.])${escapeRe(factory[1])}\\(`, "g")) ?? [];
    check(() => assert.ok(calls.length >= 1 && mentions.length === 2), what("the factory is called once"));
  }
}

// The fifth model (fifth/): import() of memory extraction and the tools makes esbuild
// wrap them and what they import in __esm initialisers, so the execution class, the
// drain-retry bound the end-of-turn check reads and the logger are assigned inside
// one; the sub-agent tool acknowledges the child's messages; the queued-steering
// check reads the buffer through a local; the root comes from a private method.
for (const b of manifest.bundles.filter((x) => x.model === "fifth")) {
  const code = readFileSync(path.join(REPO, b.path), "utf8");
  const what = (msg) => `${b.name}: ${msg}`;
  const esm = /(?<![\w$.])([\w$]+)\s*=\s*\([\w$]+,\s*[\w$]+,\s*[\w$]+\)\s*=>\s*(?:function\s*[\w$]*\(\)|\(\)\s*=>)\s*\{\s*if\s*\([\w$]+\)\s*throw/.exec(code);
  check(() => assert.ok(esm), what("an __esm helper is defined"));
  if (!esm) continue;
  // esbuild's wrapper: __esm({ "<path>"() { … } }); minified by esbuild: x(() => { … }).
  const wrappers = [...code.matchAll(new RegExp(`(?<![\\w$.])${escapeRe(esm[1])}\\((?:\\(\\)\\s*=>\\s*\\{|\\{\\s*"[^"]+"\\(\\)\\s*\\{)`, "g"))].map((m) => [
    m.index,
    closingBracket(code, m.index + esm[1].length),
  ]);
  check(() => assert.ok(wrappers.length >= 8), what(`most modules are wrapped (${wrappers.length})`));
  const wrapped = (re, desc) => {
    const hits = [...code.matchAll(new RegExp(re, "g"))].map((m) => m.index);
    check(() => assert.ok(hits.length > 0 && hits.every((i) => wrappers.some(([from, to]) => from < i && i < to))), what(`${desc} inside an __esm initialiser`));
  };
  wrapped(/(?<![\w$.])[\w$]+\s*=\s*class\s*\{\s*executionId\s*=/.source, "the execution class is assigned");
  wrapped(/setSteeringReaderIndex\([\w$]+\)\s*\{/.source, "setSteeringReaderIndex is defined");
  wrapped(/(?<![\w$.])[\w$]+\s*=\s*new [\w$]+\("kas"/.source, "the logger is created");
  const bound = /\.drainRetryCount\s*<\s*([\w$]+)\)/.exec(code);
  check(() => assert.ok(bound && !/^\d+$/.test(bound[1])), what("the end-of-turn check reads a named bound"));
  if (bound) wrapped(`(?<![\\w$.])${escapeRe(bound[1])}\\s*=\\s*3\\b`, "the drain-retry bound is assigned");
  const lazy = code.match(/Promise\.resolve\(\)\.then\(\(\)\s*=>\s*\([\w$]+\(\),\s*[\w$]+\)\)/g) ?? [];
  check(() => assert.equal(lazy.length, 2), what("two lowered import() calls"));
  check(() => assert.match(code, /\.acknowledge\(([\w$]+),\s*([\w$]+)\.executionId\)/), what("the sub-agent tool acknowledges"));
  check(() => assert.match(code, /acknowledge\([\w$]+,\s*[\w$]+\)\s*\{/), what("the buffer has acknowledge(id, executionId)"));
  check(
    () => assert.match(code, /(?:const|let) ([\w$]+)\s*=\s*this\.sessionServices\.[\w$]+;\s*return this\.[\w$]+\.length\s*>\s*0\s*\|\|\s*this\.steeringReaderIndex\s*<\s*\1\.length/),
    what("the queued-steering check reads the buffer through a local"),
  );
  const continuation = /(?:const|let) ([\w$]+)\s*=\s*this\.(#[\w$]+)\(\);\s*(?:return\s+)?\1\.setSteeringReaderIndex\(/.exec(code);
  check(() => assert.ok(continuation), what("the continuation takes a private method's execution and seeds it"));
  if (continuation) {
    check(
      () => assert.match(code, new RegExp(`(?<![\\w$.])${escapeRe(continuation[2])}\\(\\)\\s*\\{\\s*return new [\\w$]+\\(\\{[^}]*signal:\\s*this\\.abortController\\.signal`)),
      what("the private method builds the root with the session's own signal"),
    );
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
