// src/core/config.ts
import { readFileSync, existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { z, type Infer, SchemaError } from "./schema.js";
import { createLogger } from "./log.js";

const log = createLogger("config");

const hookSchema = z.object({
  command: z.string().min(1),
  matcher: z.string().optional(),
  timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
});

const mcpServerSchema = z.object({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string()).default({}),
  disabled: z.boolean().default(false),
  timeoutMs: z.number().int().min(1000).default(120_000),
});

export const settingsSchema = z.object({
  model: z
    .object({
      id: z.string().default("claude-sonnet-4"),
      maxOutputTokens: z.number().int().min(256).max(200_000).default(32_000),
      temperature: z.number().min(0).max(1).optional(),
    })
    .default({ id: "claude-sonnet-4", maxOutputTokens: 32_000, temperature: undefined }),
  steering: z
    .object({
      enabled: z.boolean().default(true),
      maxDrainRetries: z.number().int().min(1).max(50).default(6),
    })
    .default({ enabled: true, maxDrainRetries: 6 }),
  subagents: z
    .object({
      maxDepth: z.number().int().min(1).max(8).default(4),
      compactAfterEntries: z.number().int().min(50).default(400),
    })
    .default({ maxDepth: 4, compactAfterEntries: 400 }),
  memory: z.object({ enabled: z.boolean().default(true) }).default({ enabled: true }),
  telemetry: z
    .object({ enabled: z.boolean().default(false), endpoint: z.string().optional() })
    .default({ enabled: false, endpoint: undefined }),
  hooks: z
    .object({
      agentSpawn: z.array(hookSchema).default([]),
      userPromptSubmit: z.array(hookSchema).default([]),
      preToolUse: z.array(hookSchema).default([]),
      postToolUse: z.array(hookSchema).default([]),
      stop: z.array(hookSchema).default([]),
    })
    .default({ agentSpawn: [], userPromptSubmit: [], preToolUse: [], postToolUse: [], stop: [] }),
  mcpServers: z.record(mcpServerSchema).default({}),
  logLevel: z.enum(["trace", "debug", "info", "warn", "error"] as const).default("info"),
});

export type Settings = Infer<typeof settingsSchema>;
export type HookSpec = Infer<typeof hookSchema>;
export type McpServerSpec = Infer<typeof mcpServerSchema>;

export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

function deepMerge(base: any, over: any): any {
  if (typeof base !== "object" || base === null || Array.isArray(base)) return over ?? base;
  let out: any = { ...base };
  for (let [k, v] of Object.entries(over ?? {})) out[k] = k in base ? deepMerge(base[k], v) : v;
  return out;
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    log.warn(`ignoring unreadable settings file ${path}`, { error: String(err) });
    return undefined;
  }
}

/**
 * Layers: defaults < ~/.kiro/settings/agent.json < <workspace>/.kiro/settings/agent.json < KIRO_AGENT_SETTINGS (JSON).
 * Only the server's main() reads files; sessions created in-process use the defaults.
 */
export function loadSettings(options: { cwd: string; env: NodeJS.ProcessEnv; readFiles: boolean }): Settings {
  let layers: unknown[] = [];
  if (options.readFiles) {
    layers.push(readJson(join(homedir(), ".kiro", "settings", "agent.json")));
    layers.push(readJson(join(options.cwd, ".kiro", "settings", "agent.json")));
  }
  if (options.env.KIRO_AGENT_SETTINGS) {
    try {
      layers.push(JSON.parse(options.env.KIRO_AGENT_SETTINGS));
    } catch {
      log.warn("KIRO_AGENT_SETTINGS is not JSON");
    }
  }
  let merged = layers.filter((l) => l !== undefined).reduce((acc, l) => deepMerge(acc, l), {});
  let parsed = settingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  log.warn("settings rejected, using defaults", { issues: (parsed.error as SchemaError).issues });
  return defaultSettings();
}
