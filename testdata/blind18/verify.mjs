#!/usr/bin/env node
// Checks the blind18 builds before the tool is ever run on them:
//  (a) a rebuild (node build.mjs into a scratch dir) is byte-identical to bundles/ and variants/;
//  (b) every stock bundle shows the defect exactly as expect/stock*.json says, and logs the
//      [LiveSteeringHook] line in the public format;
//  (c) every model x reference fix x build matches expect/<mode>.json and the clear variants
//      (<mode>-clear.json without rewind, <mode>-rewind-clear.json with it).
// Bundles run as the corpus runner runs them: copied to a package whose type is module for *esm*.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(fileURLToPath(import.meta.url));
const corpus = process.env.KSS_CORPUS ?? "/work/shared/corpus";
const scratch = mkdtempSync(join(tmpdir(), "blind18-verify-"));
let failures = 0, passes = 0;
const fail = (what) => { failures++; console.log(`FAIL ${what}`); };
const pass = () => { passes++; };

// (a) reproducible
execFileSync(process.execPath, [join(root, "build.mjs"), join(scratch, "rebuild")], { stdio: ["ignore", "ignore", "inherit"] });
for (const sub of ["bundles", "variants"]) {
  const mine = readdirSync(join(root, sub)).sort(), again = readdirSync(join(scratch, "rebuild", sub)).sort();
  if (mine.join() !== again.join()) fail(`${sub}: rebuild gives other files (${again.join(" ")})`);
  for (const f of mine) {
    if (Buffer.compare(readFileSync(join(root, sub, f)), readFileSync(join(scratch, "rebuild", sub, f))) === 0) pass();
    else fail(`${sub}/${f}: rebuild is not byte-identical`);
  }
}

function placed(file) {
  const name = basename(file, ".js");
  const pkg = join(scratch, "trees", name);
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "@kiro/agent", version: "0.54.8", type: name.includes("esm") ? "module" : "commonjs" }));
  cpSync(file, join(pkg, "acp-server.js"));
  return join(pkg, "acp-server.js");
}

function scenarios(script, bundle, expectName) {
  let got;
  try {
    got = execFileSync(process.execPath, [join(corpus, "harness", script), bundle], { encoding: "utf8", timeout: 60_000 });
  } catch (e) {
    return fail(`${basename(dirname(bundle))}: ${script} crashed: ${String(e.stderr ?? e).slice(0, 300)}`);
  }
  const want = JSON.parse(readFileSync(join(corpus, "expect", `${expectName}.json`), "utf8"));
  const have = JSON.parse(got);
  if (JSON.stringify(have) === JSON.stringify(want)) return pass();
  const diffs = Object.keys({ ...want, ...have }).filter((k) => JSON.stringify(want[k]) !== JSON.stringify(have[k]));
  fail(`${basename(dirname(bundle))}: ${script} vs ${expectName}.json differs in ${diffs.join(", ")}`);
  for (const k of diffs) console.log(`   ${k}\n     got  ${JSON.stringify(have[k])}\n     want ${JSON.stringify(want[k])}`);
}

function syntax(bundle) {
  try { execFileSync(process.execPath, ["--check", bundle], { stdio: "ignore" }); pass(); }
  catch { fail(`${basename(dirname(bundle))}: node --check`); }
}

async function logFormat(bundle) {
  let api = await import(pathToFileURL(bundle).href);
  if (!api.createSession) api = api.default ?? api;
  let session;
  let n = 0;
  const model = { async invoke() { if (n++ === 0) session.steer("log check #Z", "user"); return { text: "done" }; } };
  session = api.createSession(model);
  await session.prompt("hello");
  const lines = api.logLines.filter((l) => l.includes("[LiveSteeringHook]"));
  const re = /\[LiveSteeringHook\] injected steering steer-[0-9a-f]+ into (chat-agent|memory-extraction) \([0-9a-f]{8}\) \(handlers: \d+\)$/;
  if (lines.length >= 1 && lines.every((l) => re.test(l))) pass();
  else fail(`${basename(dirname(bundle))}: log lines ${JSON.stringify(lines)}`);
  if (typeof api.handleExtMethod !== "function") return fail(`${basename(dirname(bundle))}: no handleExtMethod`);
  const reply = await api.handleExtMethod("_session/steer/clear", { sessionId: session.sessionId });
  if (reply && reply.cleared === true && Array.isArray(reply.messageIds)) pass();
  else fail(`${basename(dirname(bundle))}: _session/steer/clear reply ${JSON.stringify(reply)}`);
}

// (b) stock
for (const f of readdirSync(join(root, "bundles")).sort()) {
  const b = placed(join(root, "bundles", f));
  syntax(b);
  scenarios("scenarios.mjs", b, "stock");
  scenarios("clear-scenarios.mjs", b, "stock-clear");
  await logFormat(b);
}

// (c) reference fixes
for (const f of readdirSync(join(root, "variants")).sort()) {
  const [, variant] = /^[a-z]+-((?:seed|gate)(?:-rewind)?)-/.exec(f) ?? [];
  if (!variant) { fail(`variants/${f}: unknown variant`); continue; }
  const mode = variant.replace("-rewind", "");
  const b = placed(join(root, "variants", f));
  syntax(b);
  scenarios("scenarios.mjs", b, mode);
  scenarios("clear-scenarios.mjs", b, variant.endsWith("-rewind") ? `${mode}-rewind-clear` : `${mode}-clear`);
}

rmSync(scratch, { recursive: true, force: true });
console.log(`verify: ${passes} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
