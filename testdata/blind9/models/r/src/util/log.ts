// Process-wide logger. Lines are kept in memory (the ACP host tails them into kiro.log)
// and optionally mirrored to stderr when KAS_LOG_STDERR is set.

export type LogLevel = "debug" | "info" | "warn" | "error";

const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export const logLines: string[] = [];

const MAX_RETAINED_LINES = 20000;

function threshold(): number {
  const raw = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  return LEVEL_RANK[raw] ?? LEVEL_RANK.info;
}

function stamp(): string {
  return new Date().toISOString();
}

function emit(level: LogLevel, scope: string | undefined, message: string): void {
  if (LEVEL_RANK[level] < threshold()) return;
  const line = `${stamp()} ${level.toUpperCase().padEnd(5)} ${scope ? `${scope} ` : ""}${message}`;
  logLines.push(line);
  if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  if (process.env.KAS_LOG_STDERR) process.stderr.write(`${line}\n`);
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
  child(scope: string): Logger;
}

export function createLogger(scope?: string): Logger {
  return {
    debug: (message) => emit("debug", scope, message),
    info: (message) => emit("info", scope, message),
    warn: (message) => emit("warn", scope, message),
    error: (message, err) => emit("error", scope, err instanceof Error ? `${message}: ${err.message}` : message),
    child: (next) => createLogger(scope ? `${scope}:${next}` : next),
  };
}

export const log = createLogger();
