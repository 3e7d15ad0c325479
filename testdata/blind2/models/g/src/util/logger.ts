import { Injectable } from "../di/container";
import { LOGGER } from "../di/tokens";

export const logLines: string[] = [];

export enum LogLevel {
  Debug = 10,
  Info = 20,
  Warn = 30,
}

@Injectable(LOGGER, "global")
export class Logger {
  level: LogLevel = LogLevel.Info;
  private write(level: LogLevel, msg: string) {
    if (level < this.level) return;
    logLines.push(`${new Date().toISOString()} ${LogLevel[level].toUpperCase()} ${msg}`);
  }
  debug(msg: string) { this.write(LogLevel.Debug, msg); }
  info(msg: string) { this.write(LogLevel.Info, msg); }
  warn(msg: string) { this.write(LogLevel.Warn, msg); }
}
