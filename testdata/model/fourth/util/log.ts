// stderr only: stdout carries the protocol (or the scenario report).
const RANK = { debug: 0, info: 1, warn: 2, error: 3 } as const;
type Level = keyof typeof RANK;

export interface Log {
  debug(text: string): void;
  info(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  scoped(name: string): Log;
}

function threshold(): number {
  const wanted = (process.env.KAS_LOG_LEVEL ?? "").toLowerCase();
  return wanted in RANK ? RANK[wanted as Level] : RANK.info;
}

export function createLog(scope: string, min = threshold()): Log {
  const write = (level: Level, text: string) => {
    if (RANK[level] >= min) process.stderr.write(`${level.toUpperCase()} ${scope} | ${text}\n`);
  };
  return {
    debug: (text) => write("debug", text),
    info: (text) => write("info", text),
    warn: (text) => write("warn", text),
    error: (text) => write("error", text),
    scoped: (name) => createLog(`${scope}/${name}`, min),
  };
}

export const rootLog = createLog("kas");
