// src/runtime/tools/builtins.ts
import { readFile, writeFile, readdir, mkdir } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { exec } from "node:child_process";
import { z } from "../../core/schema.js";
import type { ToolDef, ToolEnv } from "./catalog.js";

function within(env: ToolEnv, p: string): string {
  let root = env.execution.promptContext.cwd;
  let full = resolve(root, p);
  if (relative(root, full).startsWith("..")) throw new Error(`${p} is outside the workspace`);
  return full;
}

export const readFileTool: ToolDef<{ path: string; offset?: number; limit?: number }> = {
  name: "read_file",
  description: "Read a text file of the workspace.",
  readOnly: true,
  input: z.object({ path: z.string().min(1), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).optional() }),
  async run({ path, offset = 0, limit = 2000 }, env) {
    let lines = (await readFile(within(env, path), "utf8")).split("\n");
    return { ok: true, output: lines.slice(offset, offset + limit).join("\n") };
  },
};

export const writeFileTool: ToolDef<{ path: string; content: string }> = {
  name: "write_file",
  description: "Write a text file of the workspace.",
  input: z.object({ path: z.string().min(1), content: z.string() }),
  async run({ path, content }, env) {
    let target = within(env, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
    return { ok: true, output: `wrote ${path}` };
  },
};

export const listDirTool: ToolDef<{ path: string }> = {
  name: "list_dir",
  description: "List a directory.",
  readOnly: true,
  input: z.object({ path: z.string().default(".") }),
  async run({ path }, env) {
    let entries = await readdir(within(env, path), { withFileTypes: true });
    return { ok: true, output: entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).join("\n") };
  },
};

export const searchTextTool: ToolDef<{ pattern: string; path: string }> = {
  name: "search_text",
  description: "Search files for a regular expression.",
  readOnly: true,
  input: z.object({ pattern: z.string().min(1), path: z.string().default(".") }),
  async run({ pattern, path }, env) {
    let re = new RegExp(pattern);
    let hits: string[] = [];
    let walk = async (dir: string): Promise<void> => {
      for (let e of await readdir(dir, { withFileTypes: true })) {
        let p = join(dir, e.name);
        if (e.isDirectory()) {
          e.name === "node_modules" || e.name.startsWith(".") || (await walk(p));
        } else {
          let text = await readFile(p, "utf8").catch(() => "");
          text.split("\n").forEach((l, i) => re.test(l) && hits.push(`${relative(env.execution.promptContext.cwd, p)}:${i + 1}: ${l}`));
        }
        if (hits.length > 300) return;
      }
    };
    await walk(within(env, path));
    return { ok: true, output: hits.join("\n") || "(no matches)" };
  },
};

export const runCommandTool: ToolDef<{ command: string; timeoutMs: number }> = {
  name: "run_command",
  description: "Run a shell command in the workspace.",
  input: z.object({ command: z.string().min(1), timeoutMs: z.number().int().min(100).max(600_000).default(120_000) }),
  run({ command, timeoutMs }, env) {
    return new Promise((done) => {
      exec(command, { cwd: env.execution.promptContext.cwd, timeout: timeoutMs, maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
        done({ ok: !err, output: `${stdout}${stderr}`.slice(-100_000) || (err ? String(err) : "") });
      });
    });
  },
};

export const fetchUrlTool: ToolDef<{ url: string }> = {
  name: "fetch_url",
  description: "Fetch a web page as text.",
  readOnly: true,
  input: z.object({ url: z.string().regex(/^https?:\/\//) }),
  async run({ url }, env) {
    let res = await fetch(url, { signal: env.execution.abortController.signal });
    return { ok: res.ok, output: (await res.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 30_000) };
  },
};

export const planTool: ToolDef<{ steps: string[] }> = {
  name: "update_plan",
  description: "Record the current plan.",
  input: z.object({ steps: z.array(z.string()) }),
  async run({ steps }) {
    return { ok: true, output: steps.map((s, i) => `${i + 1}. ${s}`).join("\n") };
  },
};

/** Relays a message the user typed into live steering (as `_session/steer` does). */
export const userSteerTool: ToolDef<{ text: string }> = {
  name: "user_steer",
  description: "Relay a user message into live steering.",
  input: z.object({ text: z.string() }),
  async run({ text }, env) {
    env.services.session.steer(text, "user");
    return { ok: true, output: "relayed to the session" };
  },
};

/** Posts a workflow notification into live steering. */
export const notifyTool: ToolDef<{ text: string }> = {
  name: "notify",
  description: "Post a workflow notification.",
  input: z.object({ text: z.string() }),
  async run({ text }, env) {
    env.services.session.steer(text, "workflow");
    return { ok: true, output: "notification posted" };
  },
};
