/** In-memory log sink; the CLI tails it into ~/.kiro/logs/<run>/kiro.log. */
export const logLines: string[] = [];

type Level = "TRACE" | "DEBUG" | "INFO" | "WARN" | "ERROR";

const enabled = new Set<Level>(["INFO", "WARN", "ERROR"]);
if (process.env.KAS_DEBUG === "1") enabled.add("DEBUG");

function stamp(): string {
  return new Date().toISOString().replace("T", " ").slice(0, 23);
}

function emit(level: Level, component: string, message: string): void {
  if (!enabled.has(level)) return;
  logLines.push(`${stamp()} [${level}] <${component}> ${message}`);
  if (logLines.length > 10_000) logLines.splice(0, 1_000);
}

export class ComponentLogger {
  constructor(private readonly component: string) {}
  debug(message: string): void {
    emit("DEBUG", this.component, message);
  }
  info(message: string): void {
    emit("INFO", this.component, message);
  }
  warn(message: string): void {
    emit("WARN", this.component, message);
  }
  error(message: string, cause?: unknown): void {
    emit("ERROR", this.component, cause === undefined ? message : `${message} (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}
