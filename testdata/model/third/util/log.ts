/**
 * Structured-ish logging for the agent server. Everything goes to stderr: stdout
 * belongs to the protocol (ACP over stdio, or the scenario report).
 */
export enum LogLevel {
  Debug = 10,
  Info = 20,
  Warn = 30,
  Error = 40,
  Silent = 100,
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  child(scope: string): Logger;
}

const LEVEL_LABEL: Record<number, string> = {
  [LogLevel.Debug]: "DEBUG",
  [LogLevel.Info]: "INFO",
  [LogLevel.Warn]: "WARN",
  [LogLevel.Error]: "ERROR",
};

export function levelFromEnvironment(raw: string | undefined): LogLevel {
  switch (raw?.trim().toLowerCase()) {
    case "debug":
      return LogLevel.Debug;
    case "warn":
    case "warning":
      return LogLevel.Warn;
    case "error":
      return LogLevel.Error;
    case "silent":
    case "off":
      return LogLevel.Silent;
    default:
      return LogLevel.Info;
  }
}

class StderrLogger implements Logger {
  constructor(
    private readonly scope: string,
    private readonly threshold: LogLevel,
  ) {}

  private emit(level: LogLevel, message: string): void {
    if (level < this.threshold) return;
    process.stderr.write(`${LEVEL_LABEL[level] ?? "LOG"} [${this.scope}] ${message}\n`);
  }

  debug(message: string): void {
    this.emit(LogLevel.Debug, message);
  }

  info(message: string): void {
    this.emit(LogLevel.Info, message);
  }

  warn(message: string): void {
    this.emit(LogLevel.Warn, message);
  }

  error(message: string): void {
    this.emit(LogLevel.Error, message);
  }

  child(scope: string): Logger {
    return new StderrLogger(`${this.scope}:${scope}`, this.threshold);
  }
}

export const serverLogger: Logger = new StderrLogger("kas", levelFromEnvironment(process.env.KAS_LOG_LEVEL));
