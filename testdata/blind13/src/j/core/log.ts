export const logLines: string[] = [];

const stamp = () => new Date().toISOString();

export function logInfo(message: string): void {
  logLines.push(`[${stamp()}] [info] ${message}`);
}

export function logWarn(message: string): void {
  logLines.push(`[${stamp()}] [warn] ${message}`);
}

export function logError(message: string, cause?: unknown): void {
  logLines.push(`[${stamp()}] [error] ${message}${cause instanceof Error ? ` (${cause.message})` : ""}`);
}
