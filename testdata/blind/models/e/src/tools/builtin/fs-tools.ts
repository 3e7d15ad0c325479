// src/tools/builtin/fs-tools.ts
import { readFile, writeFile, readdir, stat, mkdir } from "node:fs/promises";
import { join, resolve, relative, dirname } from "node:path";
import { BaseTool, ToolCategory, tool, type ToolContext, type ToolResult } from "../registry.js";

const MAX_READ_BYTES = 256 * 1024;

function inWorkspace(ctx: ToolContext, p: string): string {
  const root = ctx.execution.promptContext.cwd;
  const full = resolve(root, p);
  if (relative(root, full).startsWith("..")) throw new Error(`path ${p} is outside the workspace`);
  return full;
}

@tool({
  name: "fs_read",
  description: "Read a file of the workspace, optionally a line range.",
  category: ToolCategory.FileSystem,
  readOnly: true,
  aliases: ["read_file"],
  inputSchema: {
    type: "object",
    properties: { path: { type: "string" }, startLine: { type: "number" }, endLine: { type: "number" } },
    required: ["path"],
  },
})
export class FsReadTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const file = inWorkspace(ctx, String(input.path));
    const info = await stat(file);
    if (info.size > MAX_READ_BYTES) return this.fail(`file is ${info.size} bytes; read a line range`);
    const lines = (await readFile(file, "utf8")).split("\n");
    const start = Math.max(1, Number(input.startLine ?? 1));
    const end = Math.min(lines.length, Number(input.endLine ?? lines.length));
    return this.ok(lines.slice(start - 1, end).map((l, i) => `${start + i}\t${l}`).join("\n"));
  }
}

@tool({
  name: "fs_write",
  description: "Create or overwrite a file of the workspace.",
  category: ToolCategory.FileSystem,
  aliases: ["write_file"],
  inputSchema: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] },
})
export class FsWriteTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const file = inWorkspace(ctx, String(input.path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, String(input.content));
    return this.ok(`wrote ${String(input.content).length} characters to ${input.path}`);
  }
}

@tool({
  name: "list_directory",
  description: "List the entries of a directory.",
  category: ToolCategory.FileSystem,
  readOnly: true,
  inputSchema: { type: "object", properties: { path: { type: "string" }, depth: { type: "number" } }, required: ["path"] },
})
export class ListDirectoryTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const base = inWorkspace(ctx, String(input.path));
    const depth = Math.min(3, Number(input.depth ?? 1));
    const out: string[] = [];
    const walk = async (dir: string, level: number): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (entry.name === "node_modules" || entry.name.startsWith(".git")) continue;
        out.push(`${"  ".repeat(level)}${entry.name}${entry.isDirectory() ? "/" : ""}`);
        if (entry.isDirectory() && level + 1 < depth) await walk(join(dir, entry.name), level + 1);
        if (out.length > 2000) return;
      }
    };
    await walk(base, 0);
    return this.ok(out.join("\n"));
  }
}

@tool({
  name: "grep_search",
  description: "Search the workspace for a regular expression.",
  category: ToolCategory.FileSystem,
  readOnly: true,
  inputSchema: { type: "object", properties: { pattern: { type: "string" }, path: { type: "string" } }, required: ["pattern"] },
})
export class GrepSearchTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const re = new RegExp(String(input.pattern));
    const base = inWorkspace(ctx, String(input.path ?? "."));
    const hits: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (hits.length >= 200) return;
        const full = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules" && !entry.name.startsWith(".")) await walk(full);
          continue;
        }
        const text = await readFile(full, "utf8").catch(() => "");
        text.split("\n").forEach((line, i) => {
          if (re.test(line)) hits.push(`${relative(base, full)}:${i + 1}:${line.slice(0, 200)}`);
        });
      }
    };
    await walk(base);
    return this.ok(hits.join("\n") || "no matches");
  }
}

@tool({
  name: "glob",
  description: "Find files by a glob pattern (*, **, ?).",
  category: ToolCategory.FileSystem,
  readOnly: true,
  inputSchema: { type: "object", properties: { pattern: { type: "string" } }, required: ["pattern"] },
})
export class GlobTool extends BaseTool {
  static toRegExp(glob: string): RegExp {
    let re = "";
    for (let i = 0; i < glob.length; i++) {
      const c = glob[i];
      if (c === "*" && glob[i + 1] === "*") {
        re += ".*";
        i++;
      } else if (c === "*") re += "[^/]*";
      else if (c === "?") re += "[^/]";
      else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
    return new RegExp(`^${re}$`);
  }

  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const re = GlobTool.toRegExp(String(input.pattern));
    const root = ctx.execution.promptContext.cwd;
    const found: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        const rel = relative(root, full);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules" && !entry.name.startsWith(".")) await walk(full);
        } else if (re.test(rel)) found.push(rel);
        if (found.length > 1000) return;
      }
    };
    await walk(root);
    return this.ok(found.join("\n") || "no files");
  }
}
