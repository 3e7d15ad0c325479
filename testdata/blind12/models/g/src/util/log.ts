// Structured-ish logging. Every scope prefixes its own tag, so call sites only write the message.
export type Level = "debug" | "info" | "warn" | "error";

/** Lines written by the server, newest last; exported for diagnostics. */
export const logLines: string[] = [];

const LEVEL_RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const wanted = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase() as Level;
  return LEVEL_RANK[wanted] ?? LEVEL_RANK.info;
}

export interface ScopedLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, cause?: unknown): void;
}

function write(level: Level, scope: string, message: string): void {
  if (LEVEL_RANK[level] < threshold()) return;
  logLines.push(`${level.toUpperCase().padEnd(5)} [${scope}] ${message}`);
  if (logLines.length > 5000) logLines.splice(0, logLines.length - 5000);
}

export function scoped(scope: string): ScopedLogger {
  return {
    debug: (m) => write("debug", scope, m),
    info: (m) => write("info", scope, m),
    warn: (m) => write("warn", scope, m),
    error: (m, cause) => write("error", scope, cause instanceof Error ? `${m}: ${cause.message}` : m),
  };
}
