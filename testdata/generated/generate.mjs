#!/usr/bin/env node
// The generated corpus (issue 29): runtime models written from parts (parts.mjs), one per
// row of an all-pairs covering array over every way a release may differ and the build,
// each with a source-level reference fix the generator writes itself, each validated.
//
//   node generate.mjs [--out DIR] [--sample N] [--seed S] [--full] [--only ID,…] [--jobs N]
//   node generate.mjs --sample N --avoid axis=choice,…   # random rows without those choices
//   node generate.mjs --rows FILE --manifest NAME   # the rows FILE lists ([{id, axis: choice, …}])
//   node generate.mjs --write-covering      # recompute covering.json (after an axis changed)
//
// Rows: covering.json (committed, fixed for CI; checked to cover every pair of choices of any
// two axes, the build one of them), plus --sample N rows drawn at random with --seed S
// (default 29), or with --full every covering row in every build. For each row it writes to
// DIR/<id>/ (default: <repo>/target/generated-corpus):
//   src/…              the stock model's sources (a reproducer: bundle it with the row's build)
//   stock.js           the stock bundle, built as the row's build says
//   seed.js gate.js seed-rewind.js gate-rewind.js   the reference-fixed bundles
//   truth/<case>.json  the corpus harness's output on each (../corpus/harness)
//   package.json       "type" as the build's format, so node loads each file as it would
// and DIR/manifest.json, the rows with their choices. It fails loudly (exit 1, naming the row)
// when a stock bundle does not replay exactly as ../corpus/expect/stock*.json say, or a
// reference-fixed one does not behave as the seed/gate/rewind expectations say: that is a
// generator bug, never a finding about the tool.
//
// The pinned dependencies (package.json, package-lock.json) are installed with `npm ci` when
// node_modules does not hold exactly them.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AXES, sources } from "./parts.mjs";
import { coveringArray, randomRows, uncoveredPairs } from "./covering.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");
const HARNESS = path.join(REPO, "testdata/corpus/harness");
const EXPECT = path.join(REPO, "testdata/corpus/expect");

// How each build makes the bundle: esbuild's options, then an optional minifier over
// esbuild's readable output.
export const BUILDS = {
  "esb-pretty-cjs": { format: "cjs" },
  "esb-pretty-esm": { format: "esm" },
  "esb-min-cjs": { format: "cjs", minify: true },
  "esb-min-esm": { format: "esm", minify: true },
  "esb-min-es2019-cjs": { format: "cjs", minify: true, target: "es2019" },
  "esb-min-keepnames-esm": { format: "esm", minify: true, keepNames: true },
  "terser-cjs": { format: "cjs", minifier: "terser" },
  "oxc-esm": { format: "esm", minifier: "oxc" },
  "swc-cjs": { format: "cjs", minifier: "swc" },
};

/** The covering array's axes: the model's and the build. */
export const ALL_AXES = { ...AXES, build: Object.keys(BUILDS) };

// Each fixed bundle and what it must give: [bundle, harness, expectation].
const CASES = [
  ["stock", "scenarios.mjs", "stock"],
  ["stock", "clear-scenarios.mjs", "stock-clear"],
  ["seed", "scenarios.mjs", "seed"],
  ["seed", "clear-scenarios.mjs", "seed-clear"],
  ["seed-rewind", "scenarios.mjs", "seed"],
  ["seed-rewind", "clear-scenarios.mjs", "seed-rewind-clear"],
  ["gate", "scenarios.mjs", "gate"],
  ["gate", "clear-scenarios.mjs", "gate-clear"],
  ["gate-rewind", "scenarios.mjs", "gate"],
  ["gate-rewind", "clear-scenarios.mjs", "gate-rewind-clear"],
];
const FIXES = {
  "stock": { seed: false, gate: false, rewind: false },
  "seed": { seed: true, gate: false, rewind: false },
  "gate": { seed: false, gate: true, rewind: false },
  "seed-rewind": { seed: true, gate: false, rewind: true },
  "gate-rewind": { seed: false, gate: true, rewind: true },
};

// Names and texts kas-steering.md says every bundle has (property and method names and string
// literals survive minification): the stock bundle of every row must hold each.
const FACT_TEXTS = [
  "steeringReaderIndex", "setSteeringReaderIndex", "drainRetryCount", "sessionServices", "subExecutionDepth",
  "promptContext", "agentName", "skipHooks", "memory-extraction", "hasQueuedUserMessage", "handlers", "isHandled",
  "acknowledge", "[LiveSteeringHook] injected steering", "(handlers: ",
  "While you delegated work to subagent(s)", "adjust your approach as the currently active agent", "informational only",
];

function parseArgs(argv) {
  const o = { out: path.join(REPO, "target/generated-corpus"), sample: 0, seed: 29, full: false, only: null, jobs: 2, writeCovering: false, rows: null, manifest: "manifest.json", avoid: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--out") o.out = path.resolve(val());
    else if (a === "--sample") o.sample = Number(val());
    else if (a === "--seed") o.seed = Number(val());
    else if (a === "--full") o.full = true;
    else if (a === "--only") o.only = new Set(val().split(","));
    else if (a === "--jobs") o.jobs = Math.max(1, Number(val()));
    else if (a === "--write-covering") o.writeCovering = true;
    else if (a === "--rows") o.rows = path.resolve(val());
    else if (a === "--avoid") o.avoid = val().split(",").filter(Boolean).map((p) => p.split("="));
    else if (a === "--manifest") o.manifest = path.basename(val());
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(o.sample) || o.sample < 0) throw new Error("--sample takes a whole number");
  return o;
}

/** npm ci when node_modules does not hold exactly the pinned versions. */
function ensureDependencies() {
  const want = JSON.parse(readFileSync(path.join(HERE, "package.json"), "utf8")).devDependencies;
  const have = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(HERE, "node_modules", name, "package.json"), "utf8")).version;
    } catch {
      return null;
    }
  };
  const stale = Object.entries(want).filter(([name, version]) => have(name) !== version);
  if (stale.length === 0) return;
  process.stderr.write(`generate: installing the pinned builders (${stale.map(([n, v]) => `${n}@${v}`).join(", ")}) with npm ci\n`);
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: HERE, stdio: ["ignore", 2, 2] });
  const still = Object.entries(want).filter(([name, version]) => have(name) !== version);
  if (still.length > 0) throw new Error(`npm ci did not install ${still.map(([n, v]) => `${n}@${v}`).join(", ")}`);
}

function rowsFor(o) {
  if (o.rows) {
    const rows = JSON.parse(readFileSync(o.rows, "utf8"));
    for (const r of rows) {
      if (!/^[a-z0-9][a-z0-9.-]*$/.test(r.id)) throw new Error(`--rows: id ${JSON.stringify(r.id)} is not a folder name`);
      uncoveredPairs(ALL_AXES, [r]);
    }
    return rows;
  }
  const file = path.join(HERE, "covering.json");
  if (o.writeCovering) {
    const rows = coveringArray(ALL_AXES, 29);
    writeFileSync(file, `${JSON.stringify({ seed: 29, axes: ALL_AXES, rows }, null, 1)}\n`);
    process.stderr.write(`generate: wrote ${rows.length} rows to covering.json\n`);
  }
  const fixed = JSON.parse(readFileSync(file, "utf8"));
  if (JSON.stringify(fixed.axes) !== JSON.stringify(ALL_AXES)) {
    throw new Error("covering.json was made for other axes or choices than parts.mjs and BUILDS have: run node generate.mjs --write-covering");
  }
  const missing = uncoveredPairs(ALL_AXES, fixed.rows);
  if (missing.length > 0) throw new Error(`covering.json leaves ${missing.length} pairs uncovered, e.g. ${missing.slice(0, 3).join(", ")}`);
  const pad = (n) => String(n).padStart(2, "0");
  let rows = fixed.rows.map((r, i) => ({ id: `c${pad(i)}-${r.build}`, ...r }));
  if (o.full) {
    rows = fixed.rows.flatMap((r, i) => Object.keys(BUILDS).map((b) => ({ id: `c${pad(i)}-${b}`, ...r, build: b })));
  }
  for (const [axis, choice] of o.avoid) {
    if (!ALL_AXES[axis]?.includes(choice)) throw new Error(`--avoid: ${axis} has no choice ${choice}`);
  }
  const axes = Object.fromEntries(Object.entries(ALL_AXES).map(([a, cs]) => [a, cs.filter((c) => !o.avoid.some(([x, y]) => x === a && y === c))]));
  rows.push(...randomRows(axes, o.seed, o.sample).map((r, i) => ({ id: `r${o.seed}-${pad(i)}-${r.build}`, ...r })));
  if (o.only) rows = rows.filter((r) => o.only.has(r.id));
  return rows;
}

async function bundle(row, fix, work) {
  const esbuild = await import("esbuild");
  const b = BUILDS[row.build];
  const dir = path.join(work, `build-${Object.entries(fix).filter(([, on]) => on).map(([k]) => k).join("-") || "stock"}`);
  rmSync(dir, { recursive: true, force: true });
  for (const [rel, text] of Object.entries(sources(row, fix))) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  const built = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: ["src/server/acp-server.ts"],
    bundle: true,
    write: false,
    platform: "node",
    format: b.format,
    target: b.target ?? "node18",
    minify: b.minify ?? false,
    keepNames: b.keepNames ?? false,
    legalComments: "none",
    logLevel: "silent",
  });
  let code = built.outputFiles[0].text;
  const esm = b.format === "esm";
  if (b.minifier === "terser") {
    const { minify } = await import("terser");
    code = (await minify(code, { module: esm, toplevel: true, compress: { passes: 2 }, mangle: { toplevel: true } })).code;
  } else if (b.minifier === "oxc") {
    const { minifySync } = await import("oxc-minify");
    const r = minifySync("acp-server.js", code, { module: esm, compress: true, mangle: { toplevel: true } });
    if (r.errors.length > 0) throw new Error(`oxc-minify: ${JSON.stringify(r.errors[0])}`);
    code = r.code;
  } else if (b.minifier === "swc") {
    const swc = await import("@swc/core");
    code = (await swc.minify(code, { module: esm, toplevel: true, compress: { passes: 2 }, mangle: { toplevel: true } })).code;
  }
  return { code, dir };
}

function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
  });
}

async function generateRow(row, o) {
  const dir = path.join(o.out, row.id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "truth"), { recursive: true });
  const type = BUILDS[row.build].format === "esm" ? "module" : "commonjs";
  writeFileSync(path.join(dir, "package.json"), `{"type":"${type}"}\n`);
  const choices = Object.fromEntries(Object.keys(ALL_AXES).map((a) => [a, row[a]]));
  writeFileSync(path.join(dir, "variant.json"), `${JSON.stringify({ id: row.id, ...choices }, null, 1)}\n`);
  for (const [name, fix] of Object.entries(FIXES)) {
    const { code, dir: src } = await bundle(row, fix, dir);
    writeFileSync(path.join(dir, `${name}.js`), code);
    if (name === "stock") renameSync(path.join(src, "src"), path.join(dir, "src"));
    rmSync(src, { recursive: true, force: true });
  }
  const problems = [];
  const stock = readFileSync(path.join(dir, "stock.js"), "utf8").toLowerCase();
  for (const fact of FACT_TEXTS) {
    if (!stock.includes(fact.toLowerCase())) problems.push(`stock.js lacks \`${fact}\`, which kas-steering.md says survives in every bundle`);
  }
  for (const name of Object.keys(FIXES)) {
    const r = await run(process.execPath, ["--check", path.join(dir, `${name}.js`)]);
    if (r.code !== 0) problems.push(`${name}.js does not pass node --check: ${r.err.split("\n").slice(0, 5).join(" ")}`);
  }
  for (const [name, harness, expectation] of CASES) {
    const r = await run(process.execPath, [path.join(HARNESS, harness), path.join(dir, `${name}.js`)], { cwd: dir });
    const file = `${name}${harness.startsWith("clear") ? "-clear" : ""}`;
    writeFileSync(path.join(dir, "truth", `${file}.json`), r.out);
    if (r.code !== 0) {
      problems.push(`${harness} on ${name}.js failed (exit ${r.code}): ${r.err.split("\n").slice(0, 6).join(" ")}`);
      continue;
    }
    const want = JSON.stringify(JSON.parse(readFileSync(path.join(EXPECT, `${expectation}.json`), "utf8")));
    let got;
    try {
      got = JSON.stringify(JSON.parse(r.out));
    } catch {
      got = r.out;
    }
    if (got !== want) problems.push(`${harness} on ${name}.js does not give expect/${expectation}.json:\n    got  ${got}\n    want ${want}`);
  }
  return { id: row.id, choices, format: BUILDS[row.build].format, problems };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  ensureDependencies();
  const rows = rowsFor(o);
  mkdirSync(o.out, { recursive: true });
  const started = Date.now();
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++];
      results.push(await generateRow(row, o));
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.jobs, rows.length) }, worker));
  results.sort((a, b) => a.id.localeCompare(b.id));
  const bad = results.filter((r) => r.problems.length > 0);
  const manifest = {
    about: "generated by testdata/generated/generate.mjs; every row validated against testdata/corpus/expect",
    seed: o.seed,
    sample: o.sample,
    full: o.full,
    axes: ALL_AXES,
    rows: results.map(({ id, choices, format }) => ({ id, format, ...choices })),
  };
  writeFileSync(path.join(o.out, o.manifest), `${JSON.stringify(manifest, null, 1)}\n`);
  process.stderr.write(`generate: ${results.length} rows (${results.length - bad.length} valid) in ${((Date.now() - started) / 1000).toFixed(1)} s into ${o.out}\n`);
  if (bad.length > 0) {
    for (const r of bad) process.stderr.write(`GENERATOR BUG in ${r.id} (${JSON.stringify(r.choices)}):\n  ${r.problems.join("\n  ")}\n`);
    process.exit(1);
  }
}

main().catch((e) => {
  process.stderr.write(`generate: ${e.stack ?? e}\n`);
  process.exit(1);
});
