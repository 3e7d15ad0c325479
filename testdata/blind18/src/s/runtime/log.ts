// Process-wide log sink. KAS writes these lines to ~/.kiro/logs/<run>/kiro.log; the
// in-memory copy is what the ACP debug surface and the test driver read.
export const logLines: string[] = [];

const MAX_RETAINED_LINES = 10_000;

type Level = "DEBUG" | "INFO" | "WARN" | "ERROR";

function write(level: Level, scope: string, message: string): void {
  const line = `${new Date().toISOString()} ${level.padEnd(5)} [${scope}] ${message}`;
  logLines.push(line);
  if (logLines.length > MAX_RETAINED_LINES) logLines.splice(0, logLines.length - MAX_RETAINED_LINES);
  if (process.env.KAS_LOG_STDERR === "1") process.stderr.write(line + "\n");
}

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function createLogger(scope: string): Logger {
  return {
    debug: (message) => write("DEBUG", scope, message),
    info: (message) => write("INFO", scope, message),
    warn: (message) => write("WARN", scope, message),
    error: (message) => write("ERROR", scope, message),
  };
}
