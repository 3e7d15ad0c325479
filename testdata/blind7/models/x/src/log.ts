// src/log.ts: the server's line logger. Lines are kept in memory (the ACP host tails them into kiro.log).
export type LogLevel = "debug" | "info" | "warn" | "error";

export const logLines: string[] = [];

const LEVEL_TAG: Record<LogLevel, string> = { debug: "DEBUG", info: "INFO", warn: "WARN", error: "ERROR" };

export function log(level: LogLevel, message: string): void {
  const line = `${new Date().toISOString()} ${LEVEL_TAG[level]} ${message}`;
  logLines.push(line);
  if (logLines.length > 5000) logLines.splice(0, logLines.length - 5000);
}
