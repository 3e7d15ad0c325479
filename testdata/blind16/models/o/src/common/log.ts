// Process-wide log sink. The server's file logger tails this list; tests read it directly.
export const logLines: string[] = [];

type Level = "debug" | "info" | "warn" | "error";

const LEVEL_TAG: Record<Level, string> = { debug: "DEBUG", info: "INFO", warn: "WARN", error: "ERROR" };

function emit(level: Level, message: string): void {
  if (level === "debug" && !process.env.KAS_DEBUG) return;
  logLines.push(`[${LEVEL_TAG[level]}] ${message}`);
  if (logLines.length > 10_000) logLines.splice(0, logLines.length - 10_000);
}

export const log = {
  debug: (message: string) => emit("debug", message),
  info: (message: string) => emit("info", message),
  warn: (message: string) => emit("warn", message),
  error: (message: string) => emit("error", message),
};
