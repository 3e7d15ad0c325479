// src/tools/builtin/shell-tools.ts
import { spawn } from "node:child_process";
import { BaseTool, ToolCategory, tool, type ToolContext, type ToolResult } from "../registry.js";

const DENY = [/\brm\s+-rf\s+\/(\s|$)/, /\bmkfs\b/, /:\(\)\s*\{/];

@tool({
  name: "execute_bash",
  description: "Run a shell command in the workspace and return its output.",
  category: ToolCategory.Shell,
  aliases: ["shell"],
  inputSchema: {
    type: "object",
    properties: { command: { type: "string" }, timeoutMs: { type: "number" } },
    required: ["command"],
  },
})
export class ExecuteBashTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const command = String(input.command);
    if (DENY.some((re) => re.test(command))) return this.fail("command refused by policy");
    const timeoutMs = Math.min(600_000, Number(input.timeoutMs ?? 120_000));
    return new Promise((resolve) => {
      const child = spawn("bash", ["-lc", command], {
        cwd: ctx.execution.promptContext.cwd,
        signal: ctx.execution.abortController.signal,
      });
      let out = "";
      const push = (d: Buffer) => {
        out += d.toString();
        if (out.length > 100_000) out = out.slice(-100_000);
      };
      child.stdout.on("data", push);
      child.stderr.on("data", push);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      timer.unref();
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ ok: code === 0, output: `exit ${code}\n${out}` });
      });
      child.on("error", (err) => resolve({ ok: false, output: String(err) }));
    });
  }
}

@tool({
  name: "think",
  description: "Write down reasoning; has no side effects.",
  category: ToolCategory.Planning,
  readOnly: true,
  inputSchema: { type: "object", properties: { thought: { type: "string" } }, required: ["thought"] },
})
export class ThinkTool extends BaseTool {
  async run(input: Record<string, unknown>): Promise<ToolResult> {
    return this.ok(`noted (${String(input.thought).length} chars)`);
  }
}

interface Todo {
  id: number;
  text: string;
  done: boolean;
}

const todosByExecution = new WeakMap<object, Todo[]>();

@tool({
  name: "todo_write",
  description: "Replace the current todo list.",
  category: ToolCategory.Planning,
  inputSchema: { type: "object", properties: { items: { type: "array" } }, required: ["items"] },
})
export class TodoWriteTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const items = (input.items as unknown[]).map((t, i) => ({ id: i + 1, text: String((t as any)?.text ?? t), done: Boolean((t as any)?.done) }));
    todosByExecution.set(ctx.execution, items);
    return this.ok(`${items.length} todos`);
  }
}

@tool({
  name: "todo_read",
  description: "Read the current todo list.",
  category: ToolCategory.Planning,
  readOnly: true,
  inputSchema: { type: "object", properties: {} },
})
export class TodoReadTool extends BaseTool {
  async run(_input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const items = todosByExecution.get(ctx.execution) ?? [];
    return this.ok(items.map((t) => `${t.done ? "[x]" : "[ ]"} ${t.id}. ${t.text}`).join("\n") || "no todos");
  }
}
