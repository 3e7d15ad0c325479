export const logLines: string[] = [];

const MAX_LINES = 10_000;

type Level = "DEBUG" | "INFO" | "WARN" | "ERROR";

export class Logger {
  private readonly prefix: string;

  constructor(private readonly scope: string = "") {
    this.prefix = scope ? `[${scope}] ` : "";
  }

  child(scope: string): Logger {
    return new Logger(scope);
  }

  debug(message: string): void {
    if (process.env.KAS_DEBUG) this.emit("DEBUG", message);
  }

  info(message: string): void {
    this.emit("INFO", message);
  }

  warn(message: string): void {
    this.emit("WARN", message);
  }

  error(message: string): void {
    this.emit("ERROR", message);
  }

  private emit(level: Level, message: string): void {
    const line = `[${level}] ${this.prefix}${message}`;
    if (logLines.push(line) > MAX_LINES) logLines.shift();
    if (process.env.KAS_LOG_FILE_ECHO === "1") console.error(line);
  }
}

export const logger = new Logger();
