// Process-wide logger. The ACP transport owns stdout, so nothing is printed:
// lines are kept in memory (and shipped to kiro.log by the host when one is attached).

export type LogLevel = "debug" | "info" | "warn" | "error";

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const MAX_RETAINED_LINES = 10_000;

export const logLines: string[] = [];

type LogSink = (line: string) => void;
const sinks: LogSink[] = [];

function thresholdFromEnv(): LogLevel {
  const raw = (process.env.KIRO_LOG_LEVEL ?? "info").toLowerCase();
  return raw in LEVEL_ORDER ? (raw as LogLevel) : "info";
}

let threshold: LogLevel = thresholdFromEnv();

function write(level: LogLevel, message: string): void {
  if (LEVEL_ORDER[level] < LEVEL_ORDER[threshold]) return;
  const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  logLines.push(line);
  if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  for (const sink of sinks) {
    try {
      sink(line);
    } catch {
      // a failing sink must never take the agent down
    }
  }
}

export const logger = {
  debug: (message: string) => write("debug", message),
  info: (message: string) => write("info", message),
  warn: (message: string) => write("warn", message),
  error: (message: string, err?: unknown) =>
    write("error", err === undefined ? message : `${message}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`),
  setLevel(level: LogLevel) {
    threshold = level;
  },
  addSink(sink: LogSink): () => void {
    sinks.push(sink);
    return () => {
      const at = sinks.indexOf(sink);
      if (at >= 0) sinks.splice(at, 1);
    };
  },
};
