// The truth about one acp-server.js, established by running it, never by the
// tool's proof: every scenario in testdata/scenarios is run on the file under
// node, and the deliveries are judged.
//
//   node testdata/mutants/truth.mjs <acp-server.js>           # prints one JSON object
//   node testdata/mutants/truth.mjs --stock <stock.js> <patched.js>...
//       # prints a JSON array: the stock file's object, then each patched file's,
//       # judged against the stock runs as well (see `errors`)
//   node testdata/mutants/truth.mjs --compare <acp-server.js>...
//       # checks that the in-process runs below give the same reports and the
//       # same [LiveSteeringHook] deliveries as `node acp-server.js --scenario <file>`
//       # in a child process, for every scenario; exit 1 on any difference
//
// Output: { scenarios, errors: [..], replays: [..], subSteers: [..] }
//   errors     scenarios that did not run to a report (the file is broken);
//              with --stock, also scenarios whose turn outcomes, executions
//              (agent and depth, in creation order) or root deliveries (what
//              each depth-0 execution other than memory extraction received)
//              differ from the stock file's: a patch must change nothing else
//   replays    late replays: an execution at depth > 0 (or a memory-extraction
//              execution, whatever its depth) was handed a `steer-` message
//              that had already been delivered to another execution before it
//              was created; or it was handed a steer outside the drain
//   subSteers  every `steer-` message an execution at depth > 0 (or a
//              memory-extraction execution) received, live or not: the depth
//              gate must leave this empty
// Who "replays" for a mode: stock and seed: `replays` is not empty; gate:
// `replays` or `subSteers` is not empty (a live sub-agent receiving a new
// steer is allowed in seed mode, not under the gate).
//
// How "before it was created" is read without instrumenting the bundle: every
// delivery logs `[LiveSteeringHook] injected steering <id> into <agent>
// (<exec8>) ...` in order, and <exec8> grows with creation order (the base
// model's execution ids are a counter; the third model's are randomUUID(),
// which is replaced here by a counter). A sub-execution runs while its parent
// awaits it, so every delivery logged before the first delivery to an
// execution created at or after it happened before it was created.
//
// How the scenarios run: one after another in this process, each on a fresh
// instance of the bundle (a new ESM module instance, or a CJS module evaluated
// again), with process.argv set to `<node> <file> --scenario <scenario>` and
// stdout/stderr captured, as `node acp-server.js --scenario <scenario>` would
// run it, at a fraction of the cost of one process per scenario. `--compare`
// (run by build.mjs on every mutant bundle) checks that this is faithful.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { readdirSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCENARIOS = path.resolve(HERE, "../scenarios");
const INJECTED = /\[LiveSteeringHook\] injected steering (\S+) into (\S+) \(([0-9a-f]{8})\) \(handlers: (\d+)\)/;
const SCENARIO_TIMEOUT_MS = 20_000;

export function scenarioFiles() {
  return readdirSync(SCENARIOS)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(SCENARIOS, f));
}

function parseRun(scenario, stdout, stderr, failure) {
  let report;
  if (!failure) {
    try {
      report = JSON.parse(stdout.trim().split("\n").pop());
    } catch {
      failure = `no report on stdout: ${stderr.slice(0, 400)}`;
    }
  }
  if (failure) return { scenario, error: failure };
  const deliveries = stderr
    .split("\n")
    .map((line) => INJECTED.exec(line))
    .filter(Boolean)
    .map(([, msg, agent, exec8, handlers]) => ({ msg, agent, key: parseInt(exec8, 16), handlers: Number(handlers) }));
  return { scenario, report, deliveries };
}

// ---- in process ------------------------------------------------------------

let uuidCounter = 0;
let patchedUuid = false;
function sequentialUuids() {
  uuidCounter = 0;
  if (patchedUuid) return;
  crypto.randomUUID = () => {
    uuidCounter += 1;
    const hex = uuidCounter.toString(16).padStart(12, "0");
    return `${hex.slice(4)}-0000-4000-8000-${hex}`;
  };
  syncBuiltinESMExports();
  patchedUuid = true;
}

let evaluations = 0;

/** Runs every scenario on `bundle` in this process; one { scenario, report, deliveries } or { scenario, error } each. */
export async function runScenarios(bundle) {
  bundle = path.resolve(bundle);
  const cache = createRequire(bundle).cache;
  const saved = { out: process.stdout.write, err: process.stderr.write, exit: process.exit, argv: process.argv };
  const results = [];
  for (const file of scenarioFiles()) {
    const scenario = path.basename(file, ".json");
    sequentialUuids();
    let stdout = "";
    let stderr = "";
    let failure;
    let finish;
    const finished = new Promise((resolve) => {
      finish = resolve;
    });
    const timer = setTimeout(() => {
      failure ??= `no report after ${SCENARIO_TIMEOUT_MS} ms`;
      finish();
    }, SCENARIO_TIMEOUT_MS);
    const onError = (e) => {
      failure ??= `uncaught: ${e?.stack ?? e}`;
      finish();
    };
    process.on("uncaughtException", onError);
    process.on("unhandledRejection", onError);
    process.stdout.write = (chunk) => {
      stdout += chunk;
      if (stdout.endsWith("\n")) finish();
      return true;
    };
    process.stderr.write = (chunk) => {
      stderr += chunk;
      // Both models print `acp-server: <error>` when main fails.
      if (String(chunk).startsWith("acp-server: ")) {
        failure ??= String(chunk).slice(0, 400);
        finish();
      }
      return true;
    };
    process.exit = (code) => {
      failure ??= `process.exit(${code}): ${stderr.slice(0, 400)}`;
      finish();
      throw new Error("process.exit called");
    };
    process.argv = [saved.argv[0], bundle, "--scenario", file];
    delete cache[bundle];
    try {
      await import(`${pathToFileURL(bundle).href}?scenario=${++evaluations}`);
      await finished;
    } catch (e) {
      failure ??= `load: ${e?.stack ?? e}`;
    } finally {
      clearTimeout(timer);
      // Let the scenario's last callbacks run before the streams are restored.
      await new Promise((resolve) => setImmediate(resolve));
      process.stdout.write = saved.out;
      process.stderr.write = saved.err;
      process.exit = saved.exit;
      process.argv = saved.argv;
      process.exitCode = undefined;
      process.off("uncaughtException", onError);
      process.off("unhandledRejection", onError);
    }
    results.push(parseRun(scenario, stdout, stderr, failure));
  }
  return results;
}

// ---- in child processes (for --compare) -------------------------------------

function runChild(bundle, file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle, "--scenario", file], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve(parseRun(path.basename(file, ".json"), stdout, stderr, code === 0 ? undefined : `exit ${code}: ${stderr.slice(0, 400)}`)));
  });
}

async function runScenariosInChildren(bundle, concurrency = 4) {
  const files = scenarioFiles();
  const results = new Array(files.length);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const i = next++;
      results[i] = await runChild(bundle, files[i]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return results;
}

/** Differences between the in-process runs and child-process runs of `bundle` (empty: faithful). */
export async function compare(bundle) {
  const inProcess = await runScenarios(bundle);
  const children = await runScenariosInChildren(path.resolve(bundle));
  const diffs = [];
  // Message and execution ids may differ (the third model's are UUIDs): compare reports and (agent, handlers) per delivery.
  const shape = (r) => (r.error ? { error: true } : { report: r.report, deliveries: r.deliveries.map((d) => `${d.agent} (handlers: ${d.handlers})`) });
  children.forEach((c, i) => {
    if (c.error) diffs.push(`${c.scenario}: fails under node: ${c.error}`);
    if (!isDeepStrictEqual(shape(inProcess[i]), shape(c))) diffs.push(`${c.scenario}: in-process run differs from \`node ${bundle} --scenario\``);
  });
  return diffs;
}

// ---- judging ------------------------------------------------------------------

const isSteer = (id) => id.startsWith("steer-");

const rootReceived = (report) => report.executions.filter((e) => e.depth === 0 && e.agent !== "memory-extraction").map((e) => e.received);
const executionList = (report) => report.executions.map((e) => `${e.agent}@${e.depth}`);

/** Judges the runs of one file (see the header), against the runs of its stock file when given. */
export function judge(runs, stockRuns) {
  const errors = [];
  const replays = [];
  const subSteers = [];
  for (const [i, run] of runs.entries()) {
    if (run.error) {
      errors.push(`${run.scenario}: ${run.error}`);
      continue;
    }
    const { scenario, report, deliveries } = run;
    const stock = stockRuns?.[i];
    if (stock && !stock.error) {
      const differs = [
        ["turn outcomes", (r) => r.outcomes],
        ["executions", executionList],
        ["root deliveries", rootReceived],
      ].filter(([, f]) => !isDeepStrictEqual(f(report), f(stock.report)));
      for (const [what, f] of differs) errors.push(`${scenario}: ${what} differ from stock: ${JSON.stringify(f(report))} vs ${JSON.stringify(f(stock.report))}`);
    }
    const subAgents = new Set(report.executions.filter((e) => e.depth > 0 || e.agent === "memory-extraction").map((e) => e.agent));
    const isSub = (agent) => subAgents.has(agent) || agent === "memory-extraction";
    for (const d of deliveries) {
      if (!isSteer(d.msg) || !isSub(d.agent)) continue;
      subSteers.push(`${scenario}: ${d.agent} received ${d.msg}`);
      // Deliveries before the first one to an execution created at or after this one happened before it was created.
      const bornBefore = deliveries.findIndex((x) => x.key >= d.key);
      const earlier = deliveries.slice(0, bornBefore).find((x) => x.msg === d.msg);
      if (earlier) replays.push(`${scenario}: ${d.agent} was handed ${d.msg}, delivered to ${earlier.agent} before ${d.agent} was created`);
    }
    // Steers an execution received that no drain delivery accounts for: handed over outside the drain.
    for (const agent of new Set(report.executions.map((e) => e.agent))) {
      if (!isSub(agent)) continue;
      const received = report.executions.filter((e) => e.agent === agent).flatMap((e) => e.received).filter(isSteer).length;
      const logged = deliveries.filter((d) => d.agent === agent && isSteer(d.msg)).length;
      if (received > logged) {
        const what = `${scenario}: ${agent} received ${received - logged} steer(s) outside the drain`;
        replays.push(what);
        subSteers.push(what);
      }
    }
  }
  return { scenarios: runs.length, errors, replays, subSteers };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === "--compare") {
    let bad = 0;
    for (const bundle of args.slice(1)) {
      const diffs = await compare(bundle);
      bad += diffs.length;
      for (const d of diffs) process.stderr.write(`${bundle}: ${d}\n`);
    }
    process.exit(bad ? 1 : 0);
  }
  if (args[0] === "--stock" && args.length >= 2) {
    const stockRuns = await runScenarios(args[1]);
    const out = [judge(stockRuns)];
    for (const file of args.slice(2)) out.push(judge(await runScenarios(file), stockRuns));
    process.stdout.write(`${JSON.stringify(out)}\n`);
    process.exit(0);
  }
  if (args.length !== 1) {
    process.stderr.write("usage: node truth.mjs <acp-server.js> | --stock <stock.js> <patched.js>... | --compare <acp-server.js>...\n");
    process.exit(2);
  }
  const judged = judge(await runScenarios(args[0]));
  process.stdout.write(`${JSON.stringify(judged)}\n`);
  process.exit(0);
}
