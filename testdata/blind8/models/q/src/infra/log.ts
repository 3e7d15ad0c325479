// Log sink. The host forwards `logLines` to ~/.kiro/logs/<run>/kiro.log.
export const logLines: string[] = [];

const RETAIN = 25_000;
const DEBUG = /^(1|true|yes)$/i.test(process.env.KAS_DEBUG ?? "");

function stamp(): string {
  const d = new Date();
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 23)}`;
}

function emit(level: string, text: string): void {
  logLines.push(`[${stamp()}] [${level}] ${text}`);
  if (logLines.length > RETAIN) logLines.splice(0, logLines.length - RETAIN);
}

export const log = {
  debug(text: string): void {
    if (DEBUG) emit("debug", text);
  },
  info(text: string): void {
    emit("info", text);
  },
  warn(text: string): void {
    emit("warn", text);
  },
  error(text: string, err?: unknown): void {
    emit("error", err instanceof Error ? `${text}: ${err.stack ?? err.message}` : text);
  },
};
