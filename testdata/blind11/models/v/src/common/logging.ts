/**
 * Process-wide log sink. The ACP server forwards these lines to kiro.log;
 * tests and the scripted harness read them back through `logLines`.
 */
export const logLines: string[] = [];

export type LogLevel = "debug" | "info" | "warn" | "error";

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function thresholdFromEnv(): number {
  const wanted = (process.env.KAS_LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  return LEVEL_ORDER[wanted] ?? LEVEL_ORDER.info;
}

export class Logger {
  private static threshold = thresholdFromEnv();

  constructor(private readonly component: string) {}

  /** A logger for a sub-component, e.g. `server.child("acp")`. */
  child(component: string): Logger {
    return new Logger(`${this.component}.${component}`);
  }

  debug(message: string): void {
    this.write("debug", message);
  }

  info(message: string): void {
    this.write("info", message);
  }

  warn(message: string): void {
    this.write("warn", message);
  }

  error(message: string, cause?: unknown): void {
    const detail = cause instanceof Error ? `: ${cause.message}` : "";
    this.write("error", `${message}${detail}`);
  }

  private write(level: LogLevel, message: string): void {
    if (LEVEL_ORDER[level] < Logger.threshold) return;
    const line = `${new Date().toISOString()} ${level.toUpperCase()} (${this.component}) ${message}`;
    logLines.push(line);
    if (process.env.KAS_LOG_STDERR === "1") process.stderr.write(`${line}\n`);
  }
}

export const serverLogger = new Logger("kas");
