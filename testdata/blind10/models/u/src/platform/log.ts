// Scoped logging. stdout carries ACP frames, so log lines are only retained in memory
// (the desktop host tails them into ~/.kiro/logs/<session>/kiro.log).

type Level = "trace" | "debug" | "info" | "warn" | "error";

const RANK: Record<Level, number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4 };
const RETAIN = 20_000;

export const logLines: string[] = [];

let minimum: Level = (process.env.KAS_LOG_LEVEL as Level | undefined) ?? "info";
if (!(minimum in RANK)) minimum = "info";

export interface ScopedLogger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, cause?: unknown): void;
  child(scope: string): ScopedLogger;
}

function emit(level: Level, scope: string | undefined, message: string): void {
  if (RANK[level] < RANK[minimum]) return;
  const prefix = scope === undefined ? "" : `[${scope}] `;
  logLines.push(`[${new Date().toISOString()}] [${level}] ${prefix}${message}`);
  if (logLines.length > RETAIN) logLines.splice(0, logLines.length - RETAIN);
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.stack ?? `${cause.name}: ${cause.message}`;
  return typeof cause === "string" ? cause : JSON.stringify(cause);
}

function make(scope: string | undefined): ScopedLogger {
  return {
    trace: (message) => emit("trace", scope, message),
    debug: (message) => emit("debug", scope, message),
    info: (message) => emit("info", scope, message),
    warn: (message) => emit("warn", scope, message),
    error: (message, cause) => emit("error", scope, cause === undefined ? message : `${message} (${describe(cause)})`),
    child: (name) => make(scope === undefined ? name : `${scope}:${name}`),
  };
}

export const log = make(undefined);

export function setLogLevel(level: Level): void {
  minimum = level;
}
