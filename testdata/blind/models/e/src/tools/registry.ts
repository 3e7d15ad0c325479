// src/tools/registry.ts
import { Logger } from "../logging/logger.js";
import type { AgentExecution } from "../agent/agent-execution.js";
import type { GraphState } from "../agent/execution-graph.js";
import type { ToolCall } from "../agent/model-client.js";
import type { SessionServices } from "../session/session-services.js";

export enum ToolCategory {
  FileSystem = "filesystem",
  Shell = "shell",
  Web = "web",
  Planning = "planning",
  Agent = "agent",
  Steering = "steering",
}

export interface JsonSchema {
  type: "object";
  properties: Record<string, { type: "string" | "number" | "boolean" | "array" | "object"; description?: string }>;
  required?: string[];
}

export interface ToolSpec {
  name: string;
  description: string;
  category: ToolCategory;
  inputSchema: JsonSchema;
  readOnly?: boolean;
  aliases?: string[];
}

export interface ToolContext {
  execution: AgentExecution;
  state: GraphState;
  services: SessionServices;
}

export interface ToolResult {
  ok: boolean;
  output: string;
}

export abstract class BaseTool {
  abstract run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;

  protected fail(message: string): ToolResult {
    return { ok: false, output: message };
  }

  protected ok(output: string): ToolResult {
    return { ok: true, output };
  }
}

type ToolClass = new () => BaseTool;

const specs = new WeakMap<Function, ToolSpec>();

/** Class decorator: attaches the tool's spec to its class. */
export function tool(spec: ToolSpec) {
  return function <T extends ToolClass>(target: T): T {
    specs.set(target, spec);
    return target;
  };
}

export function specOf(target: Function): ToolSpec | undefined {
  return specs.get(target);
}

export function validateInput(schema: JsonSchema, input: Record<string, unknown>): string | undefined {
  for (const key of schema.required ?? []) {
    if (input[key] === undefined || input[key] === null) return `missing required input "${key}"`;
  }
  for (const [key, value] of Object.entries(input)) {
    const prop = schema.properties[key];
    if (!prop || value === undefined) continue;
    const actual = Array.isArray(value) ? "array" : typeof value;
    if (actual !== prop.type) return `input "${key}" must be ${prop.type}, got ${actual}`;
  }
  return undefined;
}

export class ToolRegistry {
  readonly #tools = new Map<string, { spec: ToolSpec; instance: BaseTool }>();
  readonly #aliases = new Map<string, string>();
  readonly #log = new Logger("tools");
  #calls = 0;

  registerClass(cls: ToolClass): void {
    const spec = specOf(cls);
    if (!spec) throw new Error(`${cls.name} has no @tool spec`);
    if (this.#tools.has(spec.name)) throw new Error(`duplicate tool ${spec.name}`);
    this.#tools.set(spec.name, { spec, instance: new cls() });
    for (const alias of spec.aliases ?? []) this.#aliases.set(alias, spec.name);
  }

  resolve(name: string): { spec: ToolSpec; instance: BaseTool } | undefined {
    return this.#tools.get(name) ?? this.#tools.get(this.#aliases.get(name) ?? "");
  }

  describe(allow?: string[]): ToolSpec[] {
    return [...this.#tools.values()].map((t) => t.spec).filter((s) => !allow || allow.includes(s.name));
  }

  async execute(call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
    this.#calls++;
    const entry = this.resolve(call.name);
    if (!entry) return { ok: false, output: `unknown tool: ${call.name}` };
    if (ctx.execution.toolAllowList && !ctx.execution.toolAllowList.includes(entry.spec.name)) {
      return { ok: false, output: `tool ${entry.spec.name} is not allowed for ${ctx.execution.agentName}` };
    }
    const input: Record<string, unknown> = { ...(call.input ?? {}) };
    if (call.text !== undefined && input.text === undefined) input.text = call.text;
    const invalid = validateInput(entry.spec.inputSchema, input);
    if (invalid) return { ok: false, output: invalid };
    try {
      return await entry.instance.run(input, ctx);
    } catch (err) {
      this.#log.warn(`tool ${entry.spec.name} failed`, { error: err });
      return { ok: false, output: `tool failed: ${(err as Error)?.message ?? String(err)}` };
    }
  }

  get size(): number {
    return this.#tools.size;
  }

  get callCount(): number {
    return this.#calls;
  }
}
