// Minimal structured logger; lines are kept in memory so the host can read them back.
export const logLines: string[] = [];

export type LogLevel = "DEBUG" | "INFO" | "WARN" | "ERROR";

export class Logger {
  constructor(private readonly scope: string) {}

  private write(level: LogLevel, msg: string): void {
    logLines.push(`${new Date(0).toISOString()} ${level} [${this.scope}] ${msg}`);
  }

  debug(msg: string): void {
    if (process.env.KAS_DEBUG) this.write("DEBUG", msg);
  }

  info(msg: string): void {
    this.write("INFO", msg);
  }

  warn(msg: string): void {
    this.write("WARN", msg);
  }
}

export const rootLogger = new Logger("kas");
