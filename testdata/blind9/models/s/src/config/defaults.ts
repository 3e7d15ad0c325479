// Server configuration: frozen defaults, overridable per process from KAS_* environment
// variables and per session from the client's initialize options. Nothing mutates a
// resolved config; layers produce new frozen objects.

export interface SteeringConfig {
  readonly maxDrainRetries: number;
  readonly notificationPrefix: string;
  readonly emitClearedAfterInjection: boolean;
}

export interface AgentConfig {
  readonly rootAgentName: string;
  readonly maxSubExecutionDepth: number;
  readonly maxGraphSteps: number;
  readonly memoryExtraction: boolean;
}

export interface ServerConfig {
  readonly steering: SteeringConfig;
  readonly agents: AgentConfig;
  readonly transport: "stdio" | "socket";
  readonly auth: "acp-callback" | "none";
}

type DeepPartial<T> = { -readonly [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

export const DEFAULT_CONFIG: ServerConfig = deepFreeze({
  steering: {
    maxDrainRetries: 2,
    notificationPrefix: "[notification/",
    emitClearedAfterInjection: true,
  },
  agents: {
    rootAgentName: "chat-agent",
    maxSubExecutionDepth: 4,
    maxGraphSteps: 48,
    memoryExtraction: true,
  },
  transport: "stdio",
  auth: "acp-callback",
});

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = current && typeof current === "object" && typeof value === "object" ? merge(current, value as never) : value;
  }
  return out as T;
}

function fromEnvironment(env: NodeJS.ProcessEnv): DeepPartial<ServerConfig> {
  const layer: DeepPartial<ServerConfig> = {};
  const depth = Number.parseInt(env.KAS_MAX_SUBAGENT_DEPTH ?? "", 10);
  if (Number.isFinite(depth) && depth > 0) layer.agents = { maxSubExecutionDepth: depth };
  if (env.KAS_DISABLE_MEMORY === "1") layer.agents = { ...layer.agents, memoryExtraction: false };
  if (env.KAS_TRANSPORT === "socket") layer.transport = "socket";
  return layer;
}

export function resolveConfig(overrides?: DeepPartial<ServerConfig>, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return deepFreeze(merge(merge(DEFAULT_CONFIG, fromEnvironment(env)), overrides));
}

export interface ConfigProblem {
  path: string;
  message: string;
}

/** Checks a resolved config; the server refuses to start on any problem. */
export function validateConfig(config: ServerConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const positiveInt = (path: string, value: number, max: number) => {
    if (!Number.isInteger(value) || value < 0 || value > max) problems.push({ path, message: `expected an integer in 0..${max}, got ${value}` });
  };
  positiveInt("steering.maxDrainRetries", config.steering.maxDrainRetries, 10);
  positiveInt("agents.maxSubExecutionDepth", config.agents.maxSubExecutionDepth, 16);
  positiveInt("agents.maxGraphSteps", config.agents.maxGraphSteps, 1000);
  if (!config.steering.notificationPrefix.startsWith("[")) {
    problems.push({ path: "steering.notificationPrefix", message: "must start with '['" });
  }
  if (!/^[a-z][a-z0-9-]*$/.test(config.agents.rootAgentName)) {
    problems.push({ path: "agents.rootAgentName", message: `invalid agent name ${config.agents.rootAgentName}` });
  }
  return problems;
}

/** Flattens a config to dotted keys, marking which ones differ from the defaults. */
export function describeConfig(config: ServerConfig): Array<{ key: string; value: unknown; overridden: boolean }> {
  const rows: Array<{ key: string; value: unknown; overridden: boolean }> = [];
  const walk = (node: unknown, base: unknown, prefix: string) => {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const dotted = prefix ? `${prefix}.${key}` : key;
      const baseValue = (base as Record<string, unknown> | undefined)?.[key];
      if (value && typeof value === "object") walk(value, baseValue, dotted);
      else rows.push({ key: dotted, value, overridden: value !== baseValue });
    }
  };
  walk(config, DEFAULT_CONFIG, "");
  return rows;
}

let processConfig: ServerConfig | undefined;

export function serverConfig(): ServerConfig {
  if (!processConfig) {
    const resolved = resolveConfig();
    const problems = validateConfig(resolved);
    if (problems.length > 0) throw new Error(`invalid KAS configuration: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`);
    processConfig = resolved;
  }
  return processConfig;
}

export type { DeepPartial };
