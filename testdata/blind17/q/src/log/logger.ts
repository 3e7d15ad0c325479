import { Injectable } from "../di/container.js";

export const logLines: string[] = [];
const MAX_LINES = 5000;

export type Level = "DEBUG" | "INFO" | "WARN" | "ERROR";

@Injectable("logger")
export class Logger {
  private readonly toStderr = process.env.KAS_LOG_STDERR === "1";

  write(level: Level, message: string): void {
    const line = `${new Date().toISOString()} ${level} ${message}`;
    logLines.push(line);
    if (logLines.length > MAX_LINES) logLines.splice(0, logLines.length - MAX_LINES);
    if (this.toStderr) process.stderr.write(line + "\n");
  }

  debug(message: string): void {
    this.write("DEBUG", message);
  }
  info(message: string): void {
    this.write("INFO", message);
  }
  warn(message: string): void {
    this.write("WARN", message);
  }
  error(message: string, err?: unknown): void {
    this.write("ERROR", err ? `${message}: ${err instanceof Error ? err.message : String(err)}` : message);
  }
}
