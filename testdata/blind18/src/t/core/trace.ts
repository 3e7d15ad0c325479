/** Every line the agent server logs, newest last (mirrored to kiro.log by the host). */
export const logLines: string[] = [];

export enum TraceLevel {
  Debug = 10,
  Info = 20,
  Warn = 30,
  Error = 40,
}

const LEVEL_NAMES: Record<TraceLevel, string> = {
  [TraceLevel.Debug]: "debug",
  [TraceLevel.Info]: "info",
  [TraceLevel.Warn]: "warn",
  [TraceLevel.Error]: "error",
};

let threshold = TraceLevel.Debug;

export function setTraceLevel(level: TraceLevel): void {
  threshold = level;
}

export function trace(level: TraceLevel, message: string): void {
  if (level < threshold) return;
  const stamp = new Date().toISOString().replace("T", " ").replace("Z", "");
  logLines.push(`[${stamp}] [${LEVEL_NAMES[level]}] ${message}`);
  if (logLines.length > 20_000) logLines.splice(0, 5_000);
}
