/** @type {string[]} lines written by the server, newest last */
export const logLines = [];

const sinks = new Set();

/** Add a sink (the server adds a file sink for ~/.kiro/logs/<run>/kiro.log). */
export function addLogSink(fn) {
  sinks.add(fn);
  return () => sinks.delete(fn);
}

function emit(level, message) {
  const line = `${level} ${message}`;
  logLines.push(line);
  for (const sink of sinks) sink(line);
}

export const logger = {
  info: (message) => emit("INFO", message),
  warn: (message) => emit("WARN", message),
  error: (message) => emit("ERROR", message),
  debug: (message) => {
    if (process.env.KAS_DEBUG === "1") emit("DEBUG", message);
  },
};
