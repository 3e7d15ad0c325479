// Structured-ish logger. The real runtime writes to ~/.kiro/logs/<session>/kiro.log;
// the model keeps every line in memory so tests can read them.
export type LogLevel = "debug" | "info" | "warn" | "error";

export const logLines: string[] = [];

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const MAX_LINES = 5000;

function threshold(): number {
  const configured = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  return LEVEL_ORDER[configured] ?? LEVEL_ORDER.info;
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(scope: string): Logger {
  const write = (level: LogLevel, message: string) => {
    if (LEVEL_ORDER[level] < threshold()) return;
    const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${scope}: ${message}`;
    if (logLines.length >= MAX_LINES) logLines.splice(0, logLines.length - MAX_LINES + 1);
    logLines.push(line);
  };
  return {
    debug: (message) => write("debug", message),
    info: (message) => write("info", message),
    warn: (message) => write("warn", message),
    error: (message, error) => write("error", error instanceof Error ? `${message}: ${error.message}` : message),
  };
}
