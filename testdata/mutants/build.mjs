// Builds the mutation suite's bundles from mutants.mjs.
//
//   cd testdata/model && npm ci                 # the pinned esbuild, once
//   node testdata/mutants/build.mjs             # (re)write bundles/ and MANIFEST.json, then run every scenario on each
//                                               # (in a child process and in truth.mjs's in-process way: they must agree)
//   node testdata/mutants/build.mjs --no-run    # the same without running the scenarios
//   node testdata/mutants/build.mjs --check     # fail if a committed bundle differs from a fresh build
//   node testdata/mutants/build.mjs --only ID   # build (and write) one mutant only; MANIFEST.json is left alone
//
// For each mutant: copy its model (../model/src or ../model/third) into a
// temporary folder, apply the mutant's edits (each find string must occur
// exactly once in its file, else the build fails), and bundle it with the
// fixtures' esbuild (the version pinned in ../model/package.json) in each of
// the model's two shapes (SHAPES in mutants.mjs). Output, deterministic:
//   bundles/<id>/<shape>/node_modules/@kiro/agent/{package.json,dist/server/acp-server.js}
//   MANIFEST.json
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MUTANTS, SHAPES } from "./mutants.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODEL = path.resolve(HERE, "../model");
const BUNDLES = path.join(HERE, "bundles");
const TARGET_IN_TREE = "node_modules/@kiro/agent/dist/server/acp-server.js";
const PACKAGE_IN_TREE = "node_modules/@kiro/agent/package.json";
const MODEL_DIRS = { base: "src", third: "third" };
const ENTRIES = { base: "src/server/acp-server.ts", third: "third/server/acp-server.ts" };

const requireFromModel = createRequire(path.join(MODEL, "package.json"));
function loadEsbuild() {
  const pinned = JSON.parse(readFileSync(path.join(MODEL, "package.json"), "utf8")).devDependencies.esbuild;
  let installed;
  try {
    installed = JSON.parse(readFileSync(requireFromModel.resolve("esbuild/package.json"), "utf8")).version;
  } catch {
    throw new Error("esbuild is not installed in testdata/model: run `cd testdata/model && npm ci` first");
  }
  if (installed !== pinned) throw new Error(`esbuild ${installed} is installed in testdata/model; the mutants are built with ${pinned} (run npm ci)`);
  return { esbuild: requireFromModel("esbuild"), version: installed };
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

function validate() {
  const readme = readFileSync(path.join(HERE, "README.md"), "utf8");
  const ids = new Set();
  for (const m of MUTANTS) {
    if (!/^[a-z0-9-]+$/.test(m.id)) throw new Error(`mutant id ${JSON.stringify(m.id)}: lowercase letters, digits and dashes only`);
    if (ids.has(m.id)) throw new Error(`mutant id ${m.id} is defined twice`);
    ids.add(m.id);
    if (!MODEL_DIRS[m.model]) throw new Error(`${m.id}: unknown model ${m.model}`);
    if (!["harmless", "harmful", "already-fixed", "control"].includes(m.expect)) throw new Error(`${m.id}: unknown expect ${m.expect}`);
    if (!m.description || !m.why) throw new Error(`${m.id}: description and why are required`);
    if (m.expect !== "control" && m.edits.length === 0) throw new Error(`${m.id}: no edits`);
    if (!readme.includes(`\`${m.id}\``)) throw new Error(`${m.id}: not described in testdata/mutants/README.md`);
    for (const e of m.edits) {
      if (!e.file.startsWith(`${MODEL_DIRS[m.model]}/`)) throw new Error(`${m.id}: ${e.file} is not in the ${m.model} model (${MODEL_DIRS[m.model]}/)`);
    }
  }
}

function occurrences(text, find) {
  let n = 0;
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + 1)) n++;
  return n;
}

// A temporary copy of the mutant's model with its edits applied.
function mutatedCopy(mutant) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `kss-mutant-${mutant.id}-`));
  const modelDir = MODEL_DIRS[mutant.model];
  cpSync(path.join(MODEL, modelDir), path.join(dir, modelDir), { recursive: true });
  for (const [i, edit] of mutant.edits.entries()) {
    const file = path.join(dir, edit.file);
    if (!existsSync(file)) throw new Error(`${mutant.id}: edit ${i + 1}: ${edit.file} does not exist`);
    const text = readFileSync(file, "utf8");
    const n = occurrences(text, edit.find);
    if (n !== 1) {
      throw new Error(`${mutant.id}: edit ${i + 1}: the find string occurs ${n} times in ${edit.file} (must be exactly once):\n${edit.find}`);
    }
    writeFileSync(file, text.replace(edit.find, () => edit.replace));
  }
  return dir;
}

async function bundle(esbuild, dir, mutant, spec) {
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [ENTRIES[mutant.model]],
    outfile: "out/acp-server.js",
    bundle: true,
    write: false,
    platform: "node",
    target: spec.target ?? "node20",
    format: spec.format,
    minify: spec.minify,
    keepNames: spec.keepNames ?? false,
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
  });
  return Buffer.from(result.outputFiles[0].text, "utf8");
}

function packageJson(spec) {
  const pkg = { name: "@kiro/agent", version: spec.version };
  if (spec.format === "esm") pkg.type = "module";
  pkg.main = "dist/server/acp-server.js";
  return Buffer.from(`${JSON.stringify(pkg, null, 2)}\n`, "utf8");
}

async function main(argv) {
  const check = argv.includes("--check");
  const noRun = argv.includes("--no-run");
  const onlyAt = argv.indexOf("--only");
  const only = onlyAt >= 0 ? argv[onlyAt + 1] : undefined;
  validate();
  const { esbuild, version } = loadEsbuild();
  const selected = MUTANTS.filter((m) => !only || m.id === only);
  if (only && selected.length === 0) throw new Error(`no mutant ${only}`);

  const outputs = []; // { file, bytes }
  const manifest = { generatedBy: "testdata/mutants/build.mjs", esbuild: version, mutants: [] };
  for (const mutant of selected) {
    const dir = mutatedCopy(mutant);
    try {
      const entry = { id: mutant.id, model: mutant.model, expect: mutant.expect, description: mutant.description, bundles: [] };
      for (const spec of SHAPES[mutant.model]) {
        const code = await bundle(esbuild, dir, mutant, spec);
        const tree = path.join(BUNDLES, mutant.id, spec.shape);
        outputs.push({ file: path.join(tree, TARGET_IN_TREE), bytes: code });
        outputs.push({ file: path.join(tree, PACKAGE_IN_TREE), bytes: packageJson(spec) });
        entry.bundles.push({
          shape: spec.shape,
          tree: `testdata/mutants/bundles/${mutant.id}/${spec.shape}`,
          path: `testdata/mutants/bundles/${mutant.id}/${spec.shape}/${TARGET_IN_TREE}`,
          version: spec.version,
          format: spec.format,
          minified: spec.minify,
          size: code.length,
          sha256: sha256(code),
        });
      }
      manifest.mutants.push(entry);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!only) outputs.push({ file: path.join(HERE, "MANIFEST.json"), bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8") });

  if (check) {
    const stale = outputs.filter(({ file, bytes }) => !existsSync(file) || !readFileSync(file).equals(bytes));
    for (const { file } of stale) process.stderr.write(`stale: ${path.relative(HERE, file)}\n`);
    if (stale.length) process.exit(1);
    process.stdout.write(`mutants up to date (${selected.length} mutants, ${outputs.length} files)\n`);
    return;
  }
  for (const mutant of selected) rmSync(path.join(BUNDLES, mutant.id), { recursive: true, force: true });
  for (const { file, bytes } of outputs) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  // Every mutant bundle must still run every scenario under node, and truth.mjs's
  // in-process runs must give the same reports and deliveries (truth.mjs --compare).
  for (const entry of manifest.mutants) for (const b of entry.bundles) process.stdout.write(`${entry.id}/${b.shape}  ${b.size} bytes  ${b.sha256.slice(0, 12)}\n`);
  if (noRun) return;
  const jobs = manifest.mutants.map((entry) => entry.bundles.map((b) => path.resolve(HERE, "../..", b.path)));
  let failed = 0;
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const files = jobs[next++];
      const code = await new Promise((resolve) => {
        const child = spawn(process.execPath, [path.join(HERE, "truth.mjs"), "--compare", ...files], { stdio: ["ignore", "inherit", "inherit"] });
        child.on("close", resolve);
      });
      if (code !== 0) failed++;
    }
  };
  await Promise.all([lane(), lane()]);
  if (failed) {
    process.stderr.write(`${failed} mutant(s) do not run every scenario the same way in process and under node (see above)\n`);
    process.exit(1);
  }
  process.stdout.write(`every bundle runs every scenario; truth.mjs's in-process runs match \`node acp-server.js --scenario\`\n`);
}

await main(process.argv.slice(2));
