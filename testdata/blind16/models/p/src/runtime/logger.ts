/** In-memory log; the stdio transport flushes it to ~/.kiro/logs/<session>/kiro.log. */
export const logLines: string[] = [];

const MAX_LINES = 5000;

function write(level: string, text: string): void {
  logLines.push(`${new Date().toISOString()} ${level} ${text}`);
  if (logLines.length > MAX_LINES) logLines.splice(0, logLines.length - MAX_LINES);
}

export function logInfo(text: string): void {
  write("INFO", text);
}

export function logWarn(text: string): void {
  write("WARN", text);
}

export function logError(text: string): void {
  write("ERROR", text);
}

export function logDebug(text: string): void {
  if (process.env.KIRO_LOG_LEVEL === "debug") write("DEBUG", text);
}
