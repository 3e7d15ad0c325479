// src/telemetry/logger.ts
import { Injectable, ServiceId } from "../di/container.js";

export const logLines: string[] = [];

export enum LogLevel {
  Debug = 10,
  Info = 20,
  Warn = 30,
  Error = 40,
}

@Injectable(ServiceId.Logger, "singleton")
export class Logger {
  minLevel: LogLevel;
  #written = 0;

  constructor() {
    this.minLevel = LogLevel.Debug;
  }

  write(level: LogLevel, text: string): void {
    if (level < this.minLevel) return;
    this.#written += 1;
    logLines.push(`[${new Date().toISOString()}] [${LogLevel[level].toUpperCase()}] ${text}`);
  }

  info(text: string): void {
    this.write(LogLevel.Info, text);
  }

  warn(text: string): void {
    this.write(LogLevel.Warn, text);
  }

  debug(text: string): void {
    this.write(LogLevel.Debug, text);
  }

  get written(): number {
    return this.#written;
  }
}

@Injectable(ServiceId.Telemetry, "singleton")
export class Telemetry {
  #counters = new Map<string, number>();

  count(name: string, by = 1): void {
    this.#counters.set(name, (this.#counters.get(name) ?? 0) + by);
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.#counters);
  }
}
