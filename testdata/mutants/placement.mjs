// Where the seed is placed, measured (issue 42): for every mutant bundle of
// the suite, each candidate's own insertions (`--check --json` plans them
// even where apply would refuse on the proof) are spliced into the stock
// bytes and judged by truth.mjs, never by the tool's proof.
//
//   node testdata/mutants/placement.mjs LABEL=BINARY:MODE... [--only id,id] [--json FILE]
//
// e.g. `spawn=/tmp/old/kiro-steer-scope:seed fenced=target/release/kiro-steer-scope:seed
// gate=target/release/kiro-steer-scope:gate`. Prints, per candidate, how many
// rows (mutant x shape) of harmful mutants still replay, break or are fixed
// with its insertions, and how many rows of harmless mutants and controls
// stop being fixed.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "../..");
const IN_TREE = "node_modules/@kiro/agent/dist/server/acp-server.js";
const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i < 0 ? null : args.splice(i, 2)[1];
};
const only = flag("--only")?.split(",") ?? [];
const jsonOut = flag("--json");
const candidates = args.map((a) => {
  const m = /^([^=]+)=(.+):(seed|gate)$/.exec(a);
  if (!m) throw new Error(`not LABEL=BINARY:MODE: ${a}`);
  return { label: m[1], bin: path.resolve(m[2]), mode: m[3] };
});
if (!candidates.length) throw new Error("name at least one candidate, LABEL=BINARY:MODE");

const manifest = JSON.parse(readFileSync(path.join(HERE, "MANIFEST.json"), "utf8"));
const jobs = manifest.mutants
  .filter((m) => !only.length || only.some((o) => m.id.includes(o)))
  .flatMap((m) => m.bundles.map((b) => ({ mutant: m, bundle: b })));
const WORK = mkdtempSync(path.join(tmpdir(), "kss-placement-"));

const run = (cmd, argv, opts = {}) =>
  new Promise((resolve) =>
    execFile(cmd, argv, { maxBuffer: 1 << 28, ...opts }, (err, stdout, stderr) =>
      resolve({ code: err ? (err.code ?? 1) : 0, stdout, stderr }),
    ),
  );
const isolated = () => {
  const env = { ...process.env };
  for (const k of ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "HOME"]) env[k] = mkdtempSync(path.join(WORK, k));
  delete env.KIRO_KAS_SERVER_PATH;
  return env;
};
const splice = (stock, insertions) =>
  [...insertions]
    .sort((a, b) => b.offset - a.offset)
    .reduce(
      (bytes, i) => Buffer.concat([bytes.subarray(0, i.offset), Buffer.from(i.text, "utf8"), bytes.subarray(i.offset)]),
      stock,
    );
const verdict = (truth, mode) =>
  truth.errors.length ? "broken" : truth.replays.length || (mode === "gate" && truth.subSteers.length) ? "replays" : "fixed";

async function judge({ mutant, bundle }, n) {
  const tree = path.join(REPO, bundle.tree);
  const stock = readFileSync(path.join(tree, IN_TREE));
  const dir = path.join(WORK, `${n}`);
  const planned = [];
  for (const c of candidates) {
    const copy = path.join(dir, c.label);
    cpSync(tree, copy, { recursive: true });
    const file = path.join(copy, IN_TREE);
    const check = await run(c.bin, ["--check", "--json", "--mode", c.mode, "--target", file], { env: isolated() });
    let insertions = [];
    try {
      insertions = JSON.parse(check.stdout).insertions ?? [];
    } catch {}
    if (insertions.length) writeFileSync(file, splice(stock, insertions));
    planned.push({ c, file, planned: insertions.length > 0 });
  }
  const files = planned.filter((p) => p.planned).map((p) => p.file);
  const out = await run(process.execPath, [path.join(HERE, "truth.mjs"), "--stock", path.join(tree, IN_TREE), ...files], {
    cwd: REPO,
  });
  const truths = JSON.parse(out.stdout);
  let k = 1;
  const row = { id: mutant.id, expect: mutant.expect, shape: bundle.shape, stock: verdict(truths[0], "seed") };
  for (const p of planned) row[p.c.label] = p.planned ? verdict(truths[k++], p.c.mode) : "no plan";
  rmSync(dir, { recursive: true, force: true });
  return row;
}

const rows = [];
let next = 0;
const threads = Number(process.env.KSS_MUTANT_THREADS ?? 2);
await Promise.all(
  Array.from({ length: threads }, async () => {
    while (next < jobs.length) {
      const n = next++;
      rows.push(await judge(jobs[n], n));
      process.stderr.write(`\r${rows.length}/${jobs.length}`);
    }
  }),
);
process.stderr.write("\n");
rmSync(WORK, { recursive: true, force: true });
rows.sort((a, b) => (a.id + a.shape).localeCompare(b.id + b.shape));
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 1));

// A harmful row counts where the stock bundle replays (its premise).
const harmful = rows.filter((r) => r.expect === "harmful" && r.stock === "replays");
const kept = rows.filter((r) => r.expect !== "harmful");
console.log(`| placement | harmful rows that replay | broken | fixed | no plan | harmless/control rows not fixed |`);
console.log(`| --- | --- | --- | --- | --- | --- |`);
for (const c of candidates) {
  const count = (rs, v) => rs.filter((r) => r[c.label] === v).length;
  const notFixed = kept.filter((r) => r[c.label] !== "fixed" && r[c.label] !== "no plan").length;
  console.log(
    `| ${c.label} (${c.mode}) | ${count(harmful, "replays")} of ${harmful.length} | ${count(harmful, "broken")} | ${count(harmful, "fixed")} | ${count(harmful, "no plan")} | ${notFixed} of ${kept.length} |`,
  );
}
