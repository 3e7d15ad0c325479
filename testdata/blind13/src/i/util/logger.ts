// Structured logger writing to an in-memory sink (the real server writes kiro.log).
export const logLines: string[] = [];

type Level = "debug" | "info" | "warn" | "error";

function write(level: Level, scope: string, message: string): void {
  if (level === "debug" && !process.env.KAS_DEBUG) return;
  logLines.push(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${scope}: ${message}`);
}

export class Logger {
  constructor(private readonly scope: string) {}
  debug(message: string): void {
    write("debug", this.scope, message);
  }
  info(message: string): void {
    write("info", this.scope, message);
  }
  warn(message: string): void {
    write("warn", this.scope, message);
  }
  error(message: string, err?: unknown): void {
    write("error", this.scope, err instanceof Error ? `${message}: ${err.message}` : message);
  }
}
