// src/core/log.ts
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";

export type Level = "trace" | "debug" | "info" | "warn" | "error";

const rank: Record<Level, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50 };

/** The lines this process logged (newest last); tests and `_kiro/logs` read it. */
export const logLines: string[] = [];

let minimum: Level = "debug";
let file: WriteStream | undefined;
let retained = 20_000;

export function configureLogging(options: { level?: Level; file?: string; retain?: number }): void {
  if (options.level) minimum = options.level;
  if (options.retain) retained = options.retain;
  if (options.file) {
    try {
      mkdirSync(dirname(options.file), { recursive: true });
      file = createWriteStream(options.file, { flags: "a" });
    } catch {
      file = undefined;
    }
  }
}

export interface ScopedLogger {
  readonly scope: string;
  trace(msg: string, data?: object): void;
  debug(msg: string, data?: object): void;
  info(msg: string, data?: object): void;
  warn(msg: string, data?: object): void;
  error(msg: string, data?: object): void;
  child(scope: string): ScopedLogger;
}

function write(level: Level, scope: string, msg: string, data?: object): void {
  if (rank[level] < rank[minimum]) return;
  let line = `${new Date().toISOString()} [${level.toUpperCase()}] [${scope}] ${msg}`;
  if (data !== undefined) {
    let json: string;
    try {
      json = JSON.stringify(data);
    } catch {
      json = "{}";
    }
    line += ` ${json}`;
  }
  logLines.push(line);
  logLines.length > retained && logLines.splice(0, logLines.length - retained);
  file?.write(line + "\n");
}

export function createLogger(scope: string): ScopedLogger {
  return {
    scope,
    trace: (m, d) => write("trace", scope, m, d),
    debug: (m, d) => write("debug", scope, m, d),
    info: (m, d) => write("info", scope, m, d),
    warn: (m, d) => write("warn", scope, m, d),
    error: (m, d) => write("error", scope, m, d),
    child: (s) => createLogger(`${scope}/${s}`),
  };
}
