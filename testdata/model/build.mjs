// Builds the KAS-shaped fixtures from the model in src/ (and the variants in variant/
// and split/, and the standalone models in third/, fourth/ and fifth/).
//
//   cd testdata/model && npm ci && node build.mjs           # (re)write the fixtures
//   cd testdata/model && npm ci && node build.mjs --check   # fail if a committed fixture differs
//
// Output (all deterministic: same bytes on every rebuild):
//   ../bundles/<name>/node_modules/@kiro/agent/{package.json,dist/server/acp-server.js}
//   ../bundles/MANIFEST.json
//   ../not-kas/node_modules/typescript/{package.json,LICENSE.txt,lib/_tsc.js}
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { minify as terserMinify } from "terser";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.join(HERE, "src");
// A variant model is a folder of replacement modules for src/, keyed by the spec's model.
const VARIANT_DIRS = { variant: path.join(HERE, "variant"), split: path.join(HERE, "split") };
const TESTDATA = path.resolve(HERE, "..");
const BUNDLES = path.join(TESTDATA, "bundles");
const NOT_KAS = path.join(TESTDATA, "not-kas");
const ENTRY = "src/server/acp-server.ts";
const THIRD_ENTRY = "third/server/acp-server.ts";
const TARGET_IN_TREE = "node_modules/@kiro/agent/dist/server/acp-server.js";
const PACKAGE_IN_TREE = "node_modules/@kiro/agent/package.json";

const EXPECTED_TOOLS = { esbuild: "0.28.2", terser: "5.51.4", typescript: "5.9.3" };

const BUNDLE_SPECS = [
  { name: "readable-cjs", model: "base", shape: "readable", format: "cjs", version: "0.52.1", minifier: "none" },
  { name: "readable-esm", model: "base", shape: "readable", format: "esm", version: "0.52.1", minifier: "none" },
  { name: "minified-cjs", model: "base", shape: "minified", format: "cjs", version: "0.54.8", minifier: "esbuild", lineLimit: 400 },
  { name: "minified-esm", model: "base", shape: "minified", format: "esm", version: "0.66.0", minifier: "esbuild" },
  { name: "variant-minified-esm", model: "variant", shape: "minified", format: "esm", version: "0.70.0", minifier: "terser" },
  { name: "variant-readable-cjs", model: "variant", shape: "readable", format: "cjs", version: "0.50.0", minifier: "none" },
  // The split-drain variant (split/): the drain delivers what a second function
  // collected, the cursor advanced once after the collecting loop; minified, the
  // delivery loop's body is one comma expression without braces.
  { name: "split-readable-cjs", model: "split", shape: "readable", format: "cjs", version: "0.51.3", minifier: "none" },
  { name: "split-minified-esm", model: "split", shape: "minified", format: "esm", version: "0.78.0", minifier: "esbuild" },
  { name: "split-terser-cjs", model: "split", shape: "minified", format: "cjs", version: "0.79.1", minifier: "terser" },
  // The third model (third/, standalone): lowered to es2019 with keepNames, so class
  // fields become __publicField(this, ...) calls, ??/?. are lowered and __name(...) wraps
  // functions and classes.
  ...[
    { name: "third-readable-cjs", shape: "readable", format: "cjs", version: "0.71.0", minifier: "none" },
    { name: "third-readable-esm", shape: "readable", format: "esm", version: "0.72.0", minifier: "none" },
    { name: "third-minified-esm", shape: "minified", format: "esm", version: "0.74.0", minifier: "esbuild" },
    { name: "third-minified-cjs", shape: "minified", format: "cjs", version: "0.73.1", minifier: "terser", terserEcma: 2019 },
  ].map((spec) => ({ ...spec, model: "third", entry: THIRD_ENTRY, target: "es2019", keepNames: true })),
  // The fourth model (fourth/, standalone): the drain hands each message to a prompt
  // builder, every sub-execution comes from one construction helper, the end-of-turn
  // check is made by a factory, fields are assigned in constructors, size() method.
  ...[
    { name: "fourth-readable-cjs", shape: "readable", format: "cjs", version: "0.49.2", minifier: "none" },
    { name: "fourth-minified-esm", shape: "minified", format: "esm", version: "0.81.0", minifier: "esbuild" },
    { name: "fourth-terser-cjs", shape: "minified", format: "cjs", version: "0.82.2", minifier: "terser" },
  ].map((spec) => ({ ...spec, model: "fourth", entry: "fourth/server/acp-server.ts" })),
  // The fifth model (fifth/, standalone): memory extraction and the tools are loaded
  // with import(), so most modules (execution class, drain-retry bound, logger) sit in
  // __esm initialisers; the sub-agent tool acknowledges; the root comes from #rootExecution().
  ...[
    { name: "fifth-readable-cjs", shape: "readable", format: "cjs", version: "0.48.0", minifier: "none" },
    { name: "fifth-minified-esm", shape: "minified", format: "esm", version: "0.84.0", minifier: "esbuild" },
    { name: "fifth-terser-cjs", shape: "minified", format: "cjs", version: "0.85.1", minifier: "terser" },
  ].map((spec) => ({ ...spec, model: "fifth", entry: "fifth/server/acp-server.ts" })),
];

// Substitutes <dir>/<p>.ts (dir: variant/ or split/) for src/<p>.ts. The module keeps its src/ path (so the
// readable bundle's section comments still read `// src/<p>.ts`, as in the real
// runtime) and its relative imports resolve against src/, so unchanged modules are
// shared. A variant file with no base counterpart (variant/tools/delegate.ts,
// split/steering/steering-reader.ts) is likewise placed at the src/ path it would have.
function variantPlugin(variantDir) {
  const variantFileFor = (absPath) => {
    const rel = path.relative(SRC, absPath);
    if (rel.startsWith("..") || path.isAbsolute(rel)) return undefined;
    const candidate = path.join(variantDir, rel);
    return existsSync(candidate) && statSync(candidate).isFile() ? candidate : undefined;
  };
  return {
    name: "kas-model-variant",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== "entry-point" && !args.path.startsWith(".")) return undefined;
        const base = path.resolve(args.resolveDir, args.path);
        for (const suffix of ["", ".ts", "/index.ts"]) {
          const file = variantFileFor(base + suffix);
          if (file) return { path: base + suffix, pluginData: { variantFile: file } };
        }
        return undefined;
      });
      build.onLoad({ filter: /.*/ }, (args) => {
        const file = args.pluginData?.variantFile;
        if (!file) return undefined;
        return { contents: readFileSync(file, "utf8"), loader: "ts", resolveDir: path.dirname(args.path), watchFiles: [file] };
      });
    },
  };
}

async function bundle(spec) {
  const minifyWithEsbuild = spec.minifier === "esbuild";
  const result = await esbuild.build({
    absWorkingDir: HERE,
    entryPoints: [spec.entry ?? ENTRY],
    outfile: "out/acp-server.js",
    bundle: true,
    write: false,
    platform: "node",
    target: spec.target ?? "node20",
    format: spec.format,
    minify: minifyWithEsbuild,
    keepNames: spec.keepNames ?? false,
    lineLimit: minifyWithEsbuild ? spec.lineLimit : undefined,
    charset: "utf8",
    legalComments: "none",
    logLevel: "warning",
    plugins: VARIANT_DIRS[spec.model] ? [variantPlugin(VARIANT_DIRS[spec.model])] : [],
  });
  let code = result.outputFiles[0].text;
  if (spec.minifier === "terser") {
    const out = await terserMinify(code, {
      ecma: spec.terserEcma ?? 2020,
      module: spec.format === "esm",
      toplevel: true,
      mangle: true,
      compress: { passes: 2, inline: false, reduce_funcs: false },
      format: { comments: false, max_line_len: 600 },
    });
    code = out.code.endsWith("\n") ? out.code : `${out.code}\n`;
  }
  return code;
}

function packageJson(spec) {
  const pkg = { name: "@kiro/agent", version: spec.version };
  if (spec.format === "esm") pkg.type = "module";
  pkg.main = "dist/server/acp-server.js";
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

function checkToolVersions() {
  for (const [name, want] of Object.entries(EXPECTED_TOOLS)) {
    const got = JSON.parse(readFileSync(path.join(HERE, "node_modules", name, "package.json"), "utf8")).version;
    if (got !== want) throw new Error(`${name} ${got} is installed; the fixtures are built with ${want} (run npm ci)`);
  }
}

// The not-KAS fixture: typescript's published lib/_tsc.js (the tsc CLI), itself esbuild output.
function notKasFiles() {
  const pkgDir = path.join(HERE, "node_modules", "typescript");
  return ["package.json", "LICENSE.txt", "lib/_tsc.js"].map((rel) => ({
    file: path.join(NOT_KAS, "node_modules", "typescript", rel),
    bytes: readFileSync(path.join(pkgDir, rel)),
  }));
}

async function main(argv) {
  const check = argv.includes("--check");
  checkToolVersions();
  const outputs = []; // { file, bytes }
  const manifest = { generatedBy: "testdata/model/build.mjs", tools: EXPECTED_TOOLS, bundles: [] };
  for (const spec of BUNDLE_SPECS) {
    const code = Buffer.from(await bundle(spec), "utf8");
    const root = path.join(BUNDLES, spec.name);
    outputs.push({ file: path.join(root, TARGET_IN_TREE), bytes: code, cleanDir: root });
    outputs.push({ file: path.join(root, PACKAGE_IN_TREE), bytes: Buffer.from(packageJson(spec), "utf8") });
    manifest.bundles.push({
      name: spec.name,
      tree: `testdata/bundles/${spec.name}`,
      path: `testdata/bundles/${spec.name}/${TARGET_IN_TREE}`,
      version: spec.version,
      shape: spec.shape,
      format: spec.format,
      model: spec.model,
      minifier: spec.minifier,
      size: code.length,
      lines: code.toString("utf8").split("\n").length - 1,
      sha256: sha256(code),
    });
  }
  const notKas = notKasFiles();
  outputs.push(...notKas);
  const tsc = notKas.find((f) => f.file.endsWith("_tsc.js"));
  manifest.notKas = {
    path: path.relative(path.dirname(TESTDATA), tsc.file).split(path.sep).join("/"),
    source: `typescript@${EXPECTED_TOOLS.typescript} lib/_tsc.js (Apache-2.0)`,
    size: tsc.bytes.length,
    sha256: sha256(tsc.bytes),
  };
  outputs.push({ file: path.join(BUNDLES, "MANIFEST.json"), bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8") });

  if (check) {
    const stale = outputs.filter(({ file, bytes }) => !existsSync(file) || !readFileSync(file).equals(bytes));
    for (const { file } of stale) process.stderr.write(`stale fixture: ${path.relative(TESTDATA, file)}\n`);
    if (stale.length) process.exit(1);
    process.stdout.write(`fixtures up to date (${outputs.length} files)\n`);
    return;
  }
  for (const { cleanDir } of outputs) if (cleanDir) rmSync(cleanDir, { recursive: true, force: true });
  for (const { file, bytes } of outputs) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  for (const b of manifest.bundles) process.stdout.write(`${b.path}  ${b.size} bytes  ${b.sha256.slice(0, 12)}\n`);
  process.stdout.write(`${manifest.notKas.path}  ${manifest.notKas.size} bytes\n`);
}

await main(process.argv.slice(2));
