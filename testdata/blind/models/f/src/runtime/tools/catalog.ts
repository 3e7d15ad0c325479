// src/runtime/tools/catalog.ts
import { createLogger } from "../../core/log.js";
import { LruCache } from "../../core/cache.js";
import type { Schema } from "../../core/schema.js";
import type { AgentExecution } from "../execution.js";
import type { TurnState } from "../turn-graph.js";
import type { SessionServices } from "../../session/services.js";

export interface ToolCallRequest {
  id?: string;
  name: string;
  input?: Record<string, unknown>;
  text?: string;
}

export interface ToolEnv {
  state: TurnState;
  execution: AgentExecution;
  services: SessionServices;
}

export interface ToolOutcome {
  ok: boolean;
  output: string;
}

export interface ToolDef<I = any> {
  name: string;
  description: string;
  input: Schema<I>;
  readOnly?: boolean;
  run(input: I, env: ToolEnv): Promise<ToolOutcome>;
}

const log = createLogger("tools");

export class ToolCatalog {
  #defs: Map<string, ToolDef>;
  #results: LruCache<string, ToolOutcome>;

  constructor(defs: ToolDef[]) {
    this.#defs = new Map();
    this.#results = new LruCache(256, 30_000);
    for (let d of defs) this.add(d);
  }

  add(def: ToolDef): void {
    this.#defs.has(def.name) && log.warn(`tool ${def.name} redefined`);
    this.#defs.set(def.name, def);
  }

  list(): ToolDef[] {
    return [...this.#defs.values()];
  }

  async invoke(call: ToolCallRequest, env: ToolEnv): Promise<ToolOutcome> {
    let def = this.#defs.get(call.name);
    if (!def) return { ok: false, output: `no such tool: ${call.name}` };
    let raw = call.input ?? (call.text !== undefined ? { text: call.text } : {});
    let parsed = def.input.safeParse(raw);
    if (!parsed.success) return { ok: false, output: `invalid input: ${parsed.error.message}` };
    let key = def.readOnly ? `${def.name}:${JSON.stringify(parsed.data)}` : undefined;
    let cached = key !== undefined ? this.#results.get(key) : undefined;
    if (cached) return cached;
    try {
      let outcome = await def.run(parsed.data, env);
      key !== undefined && outcome.ok && this.#results.set(key, outcome);
      return outcome;
    } catch (err) {
      log.warn(`${def.name} threw`, { error: String(err) });
      return { ok: false, output: `error: ${(err as Error)?.message ?? err}` };
    }
  }
}
