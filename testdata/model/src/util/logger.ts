// Runtime logger: everything goes to stderr so stdout stays the protocol channel.
export type LogLevel = "debug" | "info" | "warn" | "error";

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export class Logger {
  constructor(private readonly scope: string, private readonly level: LogLevel = "info") {}

  child(scope: string): Logger {
    return new Logger(`${this.scope}:${scope}`, this.level);
  }

  log(level: LogLevel, message: string): void {
    if (order[level] < order[this.level] && !process.env.KAS_LOG_ALL) return;
    process.stderr.write(`${level.toUpperCase()} [${this.scope}] ${message}\n`);
  }

  debug(message: string): void { this.log("debug", message); }
  info(message: string): void { this.log("info", message); }
  warn(message: string): void { this.log("warn", message); }
  error(message: string): void { this.log("error", message); }
}

export const logger = new Logger("kas");
