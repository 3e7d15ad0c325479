// node build.mjs : writes the six stock bundles to bundles/ (models g and h, three recipes each).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MODELS, buildAll } from "./recipes.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(root, "bundles");
mkdirSync(outDir, { recursive: true });
for (const f of readdirSync(outDir)) if (f.endsWith(".js")) rmSync(path.join(outDir, f));
for (const model of Object.keys(MODELS)) {
  for (const { name, code } of await buildAll(model, path.join(root, "models", model))) {
    writeFileSync(path.join(outDir, name), code);
    const sha = createHash("sha256").update(code).digest("hex");
    console.log(`${name.padEnd(26)} ${String(Buffer.byteLength(code)).padStart(6)} bytes  sha256 ${sha}`);
  }
}
