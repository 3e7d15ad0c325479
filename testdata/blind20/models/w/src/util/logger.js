// Structured log sink. KAS writes its log through this; the harness reads logLines.
export const logLines = [];

function write(level, message) {
  const line = `${new Date().toISOString()} [${level}] ${message}`;
  logLines.push(line);
  if (process.env.KAS_LOG_STDERR === "1") process.stderr.write(line + "\n");
}

export const logger = {
  debug: (message) => write("DEBUG", message),
  info: (message) => write("INFO", message),
  warn: (message) => write("WARN", message),
  error: (message) => write("ERROR", message),
};
