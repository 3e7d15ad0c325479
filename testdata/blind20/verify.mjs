// Builds every model x fix x build and judges each with the corpus harness against expect/.
//   stock: scenarios vs stock.json, clear vs stock-clear.json
//   seed|gate: scenarios vs <mode>.json, clear vs <mode>-clear.json
//   seed-rewind|gate-rewind: scenarios vs <mode>.json, clear vs <mode>-rewind-clear.json
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { buildAll } from "./build.mjs";

const corpus = "/work/shared/corpus";
const expect = (name) => JSON.parse(readFileSync(`${corpus}/expect/${name}.json`, "utf8"));
const runHarness = (script, file) =>
  JSON.parse(execFileSync("node", [`${corpus}/harness/${script}`, file], { encoding: "utf8", timeout: 60000, stdio: ["ignore", "pipe", "pipe"] }));

const outputs = await buildAll();
let ok = 0, bad = 0;
for (const { model, variant, how, out } of outputs) {
  const [mode, rewind] = variant.split("-");
  const base = expect(mode);
  const clear = expect(mode === "stock" ? "stock-clear" : rewind ? `${mode}-rewind-clear` : `${mode}-clear`);
  const problems = [];
  const got = runHarness("scenarios.mjs", out);
  const gotClear = runHarness("clear-scenarios.mjs", out);
  for (const [k, v] of Object.entries(base)) if (JSON.stringify(got[k]) !== JSON.stringify(v)) problems.push(`${k}: got ${JSON.stringify(got[k])}`);
  for (const [k, v] of Object.entries(clear)) if (JSON.stringify(gotClear[k]) !== JSON.stringify(v)) problems.push(`clear ${k}: got ${JSON.stringify(gotClear[k])}`);
  if (Object.keys(got).length !== Object.keys(base).length || Object.keys(gotClear).length !== Object.keys(clear).length) problems.push("scenario count differs");
  const line = `${model} ${variant.padEnd(12)} ${how.padEnd(18)}`;
  if (problems.length) { bad++; console.log(`${line} FAIL\n  ${problems.join("\n  ")}`); }
  else { ok++; console.log(`${line} ok`); }
}
console.log(`verify: ${ok}/${ok + bad} model x fix x build cases match the corpus expectations`);
process.exit(bad ? 1 : 0);
