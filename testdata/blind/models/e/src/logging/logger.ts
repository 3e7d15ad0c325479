// src/logging/logger.ts
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";

export enum LogLevel {
  Trace = "TRACE",
  Debug = "DEBUG",
  Info = "INFO",
  Warn = "WARN",
  Error = "ERROR",
}

const LEVEL_ORDER: Record<LogLevel, number> = {
  [LogLevel.Trace]: 0,
  [LogLevel.Debug]: 1,
  [LogLevel.Info]: 2,
  [LogLevel.Warn]: 3,
  [LogLevel.Error]: 4,
};

export interface LogSink {
  write(line: string, level: LogLevel): void;
}

/** Every line the runtime logged in this process, oldest first (read by tests and the ACP debug method). */
export const logLines: string[] = [];

const MAX_RETAINED_LINES = 50_000;

class MemorySink implements LogSink {
  write(line: string): void {
    logLines.push(line);
    if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  }
}

export class FileSink implements LogSink {
  #ready = false;
  constructor(private readonly file: string) {}
  write(line: string): void {
    try {
      if (!this.#ready) {
        mkdirSync(dirname(this.file), { recursive: true });
        this.#ready = true;
      }
      appendFileSync(this.file, line + "\n");
    } catch {
      // the log is best effort
    }
  }
}

export class Logger {
  static #sinks: LogSink[] = [new MemorySink()];
  static #threshold: LogLevel = LogLevel.Debug;

  static addSink(sink: LogSink): void {
    Logger.#sinks.push(sink);
  }

  static setLevel(level: LogLevel): void {
    Logger.#threshold = level;
  }

  constructor(readonly scope: string) {}

  child(scope: string): Logger {
    return new Logger(`${this.scope}:${scope}`);
  }

  #emit(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[Logger.#threshold]) return;
    const suffix = fields && Object.keys(fields).length > 0 ? " " + safeJson(fields) : "";
    const line = `${new Date().toISOString()} ${level} ${message}${suffix}`;
    for (const sink of Logger.#sinks) sink.write(line, level);
  }

  trace(message: string, fields?: Record<string, unknown>): void {
    this.#emit(LogLevel.Trace, message, fields);
  }
  debug(message: string, fields?: Record<string, unknown>): void {
    this.#emit(LogLevel.Debug, message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.#emit(LogLevel.Info, message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#emit(LogLevel.Warn, message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.#emit(LogLevel.Error, message, fields);
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v) => (v instanceof Error ? { name: v.name, message: v.message } : v));
  } catch {
    return "[unserializable]";
  }
}

export const rootLogger = new Logger("kas");
