// Builds the two blind models (i, j) of the KAS live-steering code into bundles/.
//
//   node build.mjs                 -> bundles/<model>-<recipe>-<cjs|esm>.js (stock models)
//
// Also exported for verify.mjs: buildVariant(variant, outDir) builds the same recipes from a copy of
// src/ with the hand-made source-level reference fixes applied (seed, gate, seed+rewind, gate+rewind).
// Every step is deterministic: the same sources and the pinned tools give the same bytes.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { rollup } from "rollup";
import { minify as terserMinify } from "terser";
import swc from "@swc/core";
import { minify as oxcMinify } from "oxc-minify";

const here = dirname(fileURLToPath(import.meta.url));

// Per model: the entry module, and how its TypeScript class fields are compiled
// (i: real class fields; j: TS's legacy semantics, fields become constructor assignments).
export const MODELS = {
  i: { entry: "src/i/server/acp-server.ts", useDefineForClassFields: true },
  j: { entry: "src/j/index.ts", useDefineForClassFields: false },
};

const tsconfigRaw = (model) => ({ compilerOptions: { useDefineForClassFields: MODELS[model].useDefineForClassFields } });

// ---- bundlers -------------------------------------------------------------------------------

async function esbuildBundle(root, model, format, minify) {
  const r = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [MODELS[model].entry],
    bundle: true,
    platform: "node",
    target: "node20",
    format,
    minify,
    write: false,
    charset: "utf8",
    legalComments: "none",
    tsconfigRaw: tsconfigRaw(model),
    logLevel: "silent",
  });
  return r.outputFiles[0].text;
}

// rollup, with TypeScript stripped per module by esbuild's transform (as rollup-plugin-esbuild does)
async function rollupBundle(root, model, format) {
  const tsPlugin = {
    name: "ts-strip",
    resolveId(source, importer) {
      if (source.startsWith("node:")) return { id: source, external: true };
      if (!importer || !source.startsWith(".")) return null;
      const base = resolve(dirname(importer), source);
      for (const cand of [base, `${base}.ts`, join(base, "index.ts")]) if (existsSync(cand) && !cand.endsWith("/")) {
        try { if (readFileSync(cand)) return cand; } catch { /* a directory */ }
      }
      return null;
    },
    async transform(code, id) {
      if (!id.endsWith(".ts")) return null;
      const out = await esbuild.transform(code, { loader: "ts", target: "node20", format: "esm", tsconfigRaw: tsconfigRaw(model), sourcefile: id });
      return { code: out.code, map: null };
    },
  };
  const bundle = await rollup({ input: join(root, MODELS[model].entry), plugins: [tsPlugin], treeshake: true, logLevel: "silent" });
  const { output } = await bundle.generate({ format, exports: "named", generatedCode: "es2015", sourcemap: false });
  await bundle.close();
  return output[0].code;
}

// ---- minifiers ------------------------------------------------------------------------------

async function terser(code, format) {
  const r = await terserMinify(code, { module: format === "esm", toplevel: true, ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  return r.code + "\n";
}

function swcMinify(code, format) {
  const r = swc.minifySync(code, { module: format === "esm", ecma: 2022, compress: { passes: 2, toplevel: true }, mangle: { toplevel: true }, format: { comments: false } });
  return r.code + "\n";
}

async function oxc(code, format) {
  const r = await oxcMinify(format === "esm" ? "acp-server.mjs" : "acp-server.cjs", code, { compress: true, mangle: { toplevel: true }, module: format === "esm" });
  if (r.errors?.length) throw new Error(`oxc-minify: ${JSON.stringify(r.errors)}`);
  return r.code + "\n";
}

// ---- recipes: <model>-<recipe>-<cjs|esm> ------------------------------------------------------

export const RECIPES = [
  { model: "i", name: "esb-pretty", format: "cjs", make: (root) => esbuildBundle(root, "i", "cjs", false) },
  { model: "i", name: "esb-min", format: "esm", make: (root) => esbuildBundle(root, "i", "esm", true) },
  { model: "i", name: "rollup-terser", format: "cjs", make: async (root) => terser(await rollupBundle(root, "i", "cjs"), "cjs") },
  { model: "i", name: "rollup-swc", format: "esm", make: async (root) => swcMinify(await rollupBundle(root, "i", "es"), "esm") },
  { model: "j", name: "esb-min", format: "cjs", make: (root) => esbuildBundle(root, "j", "cjs", true) },
  { model: "j", name: "rollup", format: "esm", make: (root) => rollupBundle(root, "j", "es") },
  { model: "j", name: "esb-oxc", format: "esm", make: async (root) => oxc(await esbuildBundle(root, "j", "esm", false), "esm") },
  { model: "j", name: "rollup-swc", format: "cjs", make: async (root) => swcMinify(await rollupBundle(root, "j", "cjs"), "cjs") },
];

export const bundleName = (r) => `${r.model}-${r.name}-${r.format}.js`;

// ---- hand-made reference fixes, at the source level -----------------------------------------
// seed:   right after each sub-execution is constructed, its cursor := the buffer's current length
// gate:   in the drain, after the cursor advances, skip a user message when the execution's depth > 0
// rewind: on every clear, every live execution's cursor back to 0
// Each edit must match exactly once.

export const FIXES = {
  i: {
    seed: [
      ["src/i/tools/invoke-sub-agent.ts",
        "        agentName: subagentId,\n      });\n",
        "        agentName: subagentId,\n      });\n      subAgentExecution.setSteeringReaderIndex(state.execution.sessionServices.liveSteering.store.list.length);\n"],
      ["src/i/memory/memory-extraction.ts",
        "      skipHooks: true,\n    });\n",
        "      skipHooks: true,\n    });\n    memoryExecution.setSteeringReaderIndex(execution.sessionServices.liveSteering.store.list.length);\n"],
    ],
    gate: [
      ["src/i/steering/live-steering-hook.ts",
        "      execution.steeringReaderIndex += 1;\n",
        "      execution.steeringReaderIndex += 1;\n      if (message.kind === \"user\" && execution.subExecutionDepth > 0) continue;\n"],
    ],
    rewind: [
      ["src/i/session/session-services.ts",
        "  readonly liveSteering = new LiveSteeringBuffer();\n",
        "  readonly liveSteering = new LiveSteeringBuffer();\n  readonly liveExecutions = new Set<{ setSteeringReaderIndex(index: number): void }>();\n"],
      ["src/i/session/turn-boundary.ts",
        "  const messageIds = services.liveSteering.clear();\n",
        "  const messageIds = services.liveSteering.clear();\n  for (const live of services.liveExecutions) live.setSteeringReaderIndex(0);\n"],
      ["src/i/session/kiro-session.ts",
        "    const finalState = await this.graph.invoke({ execution, context: [{ role: \"user\", text: prompt }], agentIterationNumber: 0 });\n    return finalState.response?.text ?? \"\";\n",
        "    this.sessionServices.liveExecutions.add(execution);\n    try {\n      const finalState = await this.graph.invoke({ execution, context: [{ role: \"user\", text: prompt }], agentIterationNumber: 0 });\n      return finalState.response?.text ?? \"\";\n    } finally {\n      this.sessionServices.liveExecutions.delete(execution);\n    }\n"],
    ],
  },
  j: {
    seed: [
      ["src/j/runtime/tools.ts",
        "      parentExecutionId: parentExecution.executionId,\n    });\n",
        "      parentExecutionId: parentExecution.executionId,\n    });\n    child.setSteeringReaderIndex(parentExecution.sessionServices.steering.buffer.getMessageCount());\n"],
      ["src/j/runtime/tools.ts",
        "      agentName: \"context-summarizer\",\n      skipHooks: true,\n    });\n",
        "      agentName: \"context-summarizer\",\n      skipHooks: true,\n    });\n    summarizer.setSteeringReaderIndex(parent.sessionServices.steering.buffer.getMessageCount());\n"],
      ["src/j/runtime/memory.ts",
        "      subExecutionDepth: turnExecution.subExecutionDepth + 1,\n    });\n",
        "      subExecutionDepth: turnExecution.subExecutionDepth + 1,\n    });\n    memoryExecution.setSteeringReaderIndex(turnExecution.sessionServices.steering.buffer.getMessageCount());\n"],
    ],
    gate: [
      ["src/j/steering/inject.ts",
        "    exec.setSteeringReaderIndex(exec.steeringReaderIndex + 1);\n",
        "    exec.setSteeringReaderIndex(exec.steeringReaderIndex + 1);\n    if (message.kind === \"user\" && exec.subExecutionDepth > 0) continue;\n"],
    ],
    rewind: [
      ["src/j/steering/service.ts",
        "    epoch: 0,\n",
        "    epoch: 0,\n    liveExecutions: new Set<{ setSteeringReaderIndex(n: number): void }>(),\n"],
      ["src/j/steering/service.ts",
        "      const messageIds = buffer.drop();\n",
        "      const messageIds = buffer.drop();\n      for (const live of service.liveExecutions) live.setSteeringReaderIndex(0);\n"],
      ["src/j/runtime/loop.ts",
        "    let state: LoopState = { execution, context: [{ role: \"user\", text: input }], iteration: 0 };\n",
        "    execution.sessionServices.steering.liveExecutions.add(execution);\n    try {\n    let state: LoopState = { execution, context: [{ role: \"user\", text: input }], iteration: 0 };\n"],
      ["src/j/runtime/loop.ts",
        "    logWarn(`[AgentLoop] step limit reached for ${execution.agentName}`);\n    return state.reply?.text ?? \"\";\n",
        "    logWarn(`[AgentLoop] step limit reached for ${execution.agentName}`);\n    return state.reply?.text ?? \"\";\n    } finally {\n      execution.sessionServices.steering.liveExecutions.delete(execution);\n    }\n"],
    ],
  },
};

export const VARIANTS = { stock: [], seed: ["seed"], gate: ["gate"], "seed-rewind": ["seed", "rewind"], "gate-rewind": ["gate", "rewind"] };

function applyFixes(root, parts) {
  for (const model of Object.keys(FIXES)) {
    for (const part of parts) {
      for (const [file, find, repl] of FIXES[model][part]) {
        const path = join(root, file);
        const text = readFileSync(path, "utf8");
        const count = text.split(find).length - 1;
        if (count !== 1) throw new Error(`fix ${model}/${part}: anchor matches ${count} times in ${file}`);
        writeFileSync(path, text.replace(find, () => repl));
      }
    }
  }
}

/** Build every recipe of `variant` into outDir; returns [{file, model, format}] */
export async function buildVariant(variant, outDir) {
  let root = here;
  let scratch;
  if (variant !== "stock") {
    scratch = mkdtempSync(join(tmpdir(), `b13-src-${variant}-`));
    cpSync(join(here, "src"), join(scratch, "src"), { recursive: true });
    applyFixes(scratch, VARIANTS[variant]);
    root = scratch;
  }
  mkdirSync(outDir, { recursive: true });
  const out = [];
  try {
    for (const r of RECIPES) {
      const code = await r.make(root);
      const file = join(outDir, bundleName(r));
      writeFileSync(file, code);
      out.push({ file, model: r.model, format: r.format, name: bundleName(r) });
    }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = join(here, "bundles");
  rmSync(dir, { recursive: true, force: true });
  const built = await buildVariant("stock", dir);
  for (const b of built) console.log(`built bundles/${b.name} (${readFileSync(b.file).length} bytes)`);
}
