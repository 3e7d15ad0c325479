// Process-wide log sink. Lines are kept in memory (the ACP transport owns stdout)
// and mirrored to stderr when KAS_LOG_STDERR is set.
export const logLines: string[] = [];

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const configured = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  return LEVEL_ORDER[configured] ?? LEVEL_ORDER.info;
}

function write(level: LogLevel, message: string): void {
  if (LEVEL_ORDER[level] < threshold()) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  logLines.push(line);
  if (logLines.length > 5000) logLines.splice(0, logLines.length - 5000);
  if (process.env.KAS_LOG_STDERR) process.stderr.write(line + "\n");
}

export function createLogger(scope?: string): Logger {
  const tag = scope ? `[${scope}] ` : "";
  return {
    debug: (message) => write("debug", tag + message),
    info: (message) => write("info", tag + message),
    warn: (message) => write("warn", tag + message),
    error: (message, err) => write("error", tag + message + (err instanceof Error ? `: ${err.message}` : "")),
  };
}

export const rootLogger = createLogger();
