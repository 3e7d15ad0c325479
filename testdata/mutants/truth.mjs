// The truth about one acp-server.js, established by running it, never by the
// tool's proof: every scenario in testdata/scenarios is run on the file under
// node, and the deliveries are judged.
//
//   node testdata/mutants/truth.mjs <acp-server.js>      # prints one JSON object
//
// Output: { scenarios, errors: [..], replays: [..], subSteers: [..] }
//   errors     scenarios that did not run to a report (the file is broken)
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
// which the worker below replaces by a counter). A sub-execution runs while its
// parent awaits it, so every delivery logged before the first delivery to an
// execution created at or after it happened before it was created.
//
// Each scenario runs in a worker thread (scenario-worker.mjs) with argv
// `--scenario <file>`, as `node acp-server.js --scenario <file>` would.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCENARIOS = path.resolve(HERE, "../scenarios");
const WORKER = path.join(HERE, "scenario-worker.mjs");
const INJECTED = /\[LiveSteeringHook\] injected steering (\S+) into (\S+) \(([0-9a-f]{8})\)/;
const CONCURRENCY = Number(process.env.KSS_TRUTH_CONCURRENCY || 3);

export function scenarioFiles() {
  return readdirSync(SCENARIOS)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(SCENARIOS, f));
}

const collect = (stream) =>
  new Promise((resolve) => {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

function runOne(bundle, scenarioFile) {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      argv: ["--scenario", scenarioFile],
      workerData: { bundle },
      stdout: true,
      stderr: true,
    });
    const out = collect(worker.stdout);
    const err = collect(worker.stderr);
    let failure;
    worker.on("error", (e) => {
      failure = String(e?.stack ?? e);
    });
    worker.on("exit", async (code) => {
      const [stdout, stderr] = await Promise.all([out, err]);
      const scenario = path.basename(scenarioFile, ".json");
      let report;
      try {
        report = JSON.parse(stdout.trim().split("\n").pop());
      } catch {
        failure ??= `no report on stdout (exit ${code}): ${stderr.slice(0, 400)}`;
      }
      if (code !== 0 && !failure) failure = `exit ${code}: ${stderr.slice(0, 400)}`;
      if (failure) return resolve({ scenario, error: failure });
      const deliveries = stderr
        .split("\n")
        .map((line) => INJECTED.exec(line))
        .filter(Boolean)
        .map(([, msg, agent, exec8]) => ({ msg, agent, key: parseInt(exec8, 16) }));
      resolve({ scenario, report, deliveries });
    });
  });
}

/** Runs every scenario on `bundle`; one { scenario, report, deliveries } or { scenario, error } each. */
export async function runScenarios(bundle) {
  const files = scenarioFiles();
  const results = new Array(files.length);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const i = next++;
      results[i] = await runOne(bundle, files[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, lane));
  return results;
}

const isSteer = (id) => id.startsWith("steer-");

/** Judges the runs of one file (see the header). */
export function judge(runs) {
  const errors = [];
  const replays = [];
  const subSteers = [];
  for (const run of runs) {
    if (run.error) {
      errors.push(`${run.scenario}: ${run.error}`);
      continue;
    }
    const { scenario, report, deliveries } = run;
    const subAgents = new Set(report.executions.filter((e) => e.depth > 0 || e.agent === "memory-extraction").map((e) => e.agent));
    const isSub = (agent) => subAgents.has(agent) || agent === "memory-extraction";
    deliveries.forEach((d, t) => {
      if (!isSteer(d.msg) || !isSub(d.agent)) return;
      subSteers.push(`${scenario}: ${d.agent} received ${d.msg}`);
      // First delivery to an execution created at or after this one.
      const bornBefore = deliveries.findIndex((x) => x.key >= d.key);
      const earlier = deliveries.slice(0, bornBefore).find((x) => x.msg === d.msg);
      if (earlier) replays.push(`${scenario}: ${d.agent} was handed ${d.msg}, delivered to ${earlier.agent} before ${d.agent} was created`);
      void t;
    });
    // Steers an execution received that no drain delivery accounts for: handed over outside the drain.
    const agents = new Set(report.executions.map((e) => e.agent));
    for (const agent of agents) {
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

/** The truth for `mode` (stock, seed or gate): "replays", "fixed" or "broken". */
export function verdictFor(judged, mode) {
  if (judged.errors.length) return "broken";
  if (judged.replays.length) return "replays";
  if (mode === "gate" && judged.subSteers.length) return "replays";
  return "fixed";
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bundle = process.argv[2];
  if (!bundle) {
    process.stderr.write("usage: node truth.mjs <acp-server.js>\n");
    process.exit(2);
  }
  const judged = judge(await runScenarios(path.resolve(bundle)));
  process.stdout.write(`${JSON.stringify(judged)}\n`);
}
