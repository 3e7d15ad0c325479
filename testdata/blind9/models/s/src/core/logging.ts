// Structured-ish logging for the agent server. Lines are retained in memory for the
// host's log writer; the format is "[ts][level] message".

export const logLines: string[] = [];

type Level = "trace" | "debug" | "info" | "warn" | "error";

const order: readonly Level[] = ["trace", "debug", "info", "warn", "error"];

let minimum: Level = (process.env.KAS_LOG_LEVEL as Level | undefined) ?? "info";

export function setLogLevel(level: Level): void {
  if (order.includes(level)) minimum = level;
}

function write(level: Level, text: string): void {
  if (order.indexOf(level) < order.indexOf(minimum)) return;
  logLines.push(`[${new Date().toISOString()}][${level}] ${text}`);
}

export const logger = {
  trace: (text: string) => write("trace", text),
  debug: (text: string) => write("debug", text),
  info: (text: string) => write("info", text),
  warn: (text: string) => write("warn", text),
  error: (text: string, cause?: unknown) => write("error", cause instanceof Error ? `${text} (${cause.message})` : text),
};
