// Process-wide logger. Lines are kept in memory (the ACP host ships them to kiro.log);
// the active execution, when there is one, is taken from async-local context.
import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface LogScope {
  sessionId?: string;
  executionId?: string;
  agentName?: string;
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const MAX_RETAINED_LINES = 20_000;

/** Every line written by the runtime, oldest first. */
export const logLines: string[] = [];

const scopeStorage = new AsyncLocalStorage<LogScope>();

export function withLogScope<T>(scope: LogScope, fn: () => T): T {
  const parent = scopeStorage.getStore();
  return scopeStorage.run({ ...parent, ...scope }, fn);
}

export function currentLogScope(): LogScope | undefined {
  return scopeStorage.getStore();
}

function thresholdFromEnv(): LogLevel {
  const raw = (process.env.KAS_LOG_LEVEL ?? "").toLowerCase();
  return raw in LEVEL_ORDER ? (raw as LogLevel) : "info";
}

class Logger {
  private threshold: LogLevel;

  constructor(private readonly component?: string) {
    this.threshold = thresholdFromEnv();
  }

  child(component: string): Logger {
    const child = new Logger(this.component ? `${this.component}.${component}` : component);
    child.threshold = this.threshold;
    return child;
  }

  setLevel(level: LogLevel): void {
    this.threshold = level;
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
    const suffix = cause instanceof Error ? `: ${cause.message}` : cause !== undefined ? `: ${String(cause)}` : "";
    this.write("error", message + suffix);
  }

  private write(level: LogLevel, message: string): void {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[this.threshold]) return;
    const scope = scopeStorage.getStore();
    const where = scope?.sessionId ? ` session=${scope.sessionId.slice(0, 8)}` : "";
    const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)}${where} ${message}`;
    logLines.push(line);
    if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  }
}

export const logger = new Logger();
