// Log sink for kiro.log. Lines are kept in memory (exported as `logLines`) and
// mirrored to stderr when KIRO_AGENT_LOG_STDERR is set.

/** @type {string[]} */
export const logLines = [];

const debugEnabled = () => Boolean(process.env.KIRO_AGENT_DEBUG);

/**
 * @param {"debug"|"info"|"warn"|"error"} level
 * @param {string} text
 */
function write(level, text) {
  if (level === "debug" && !debugEnabled()) return;
  const line = `[${new Date().toISOString()}] [${level}] ${text}`;
  logLines.push(line);
  if (process.env.KIRO_AGENT_LOG_STDERR) console.error(line);
}

export const logger = {
  /** @param {string} text */ debug: (text) => write("debug", text),
  /** @param {string} text */ info: (text) => write("info", text),
  /** @param {string} text */ warn: (text) => write("warn", text),
  /** @param {string} text @param {unknown} [err] */
  error: (text, err) => write("error", err instanceof Error ? `${text}: ${err.stack ?? err.message}` : text),
};
