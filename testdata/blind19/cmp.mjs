// node cmp.mjs got.json expect.json -> prints differing scenarios, exit 1 if any
import fs from "node:fs";
const [a, b] = process.argv.slice(2).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
let bad = 0;
for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) { bad++; console.log(k, "\n got ", JSON.stringify(a[k]), "\n want", JSON.stringify(b[k])); }
process.exit(bad ? 1 : 0);
