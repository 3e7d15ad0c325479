export const logLines = [];

const levels = { debug: 10, info: 20, warn: 30, error: 40 };
let threshold = process.env.KAS_LOG_LEVEL && levels[process.env.KAS_LOG_LEVEL] ? levels[process.env.KAS_LOG_LEVEL] : levels.info;

export function setLogLevel(name) {
  if (levels[name]) threshold = levels[name];
}

function emit(level, args) {
  if (levels[level] < threshold) return;
  const line = args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ");
  logLines.push(`[${level.toUpperCase()}] ${line}`);
}

export const logger = {
  debug: (...a) => emit("debug", a),
  info: (...a) => emit("info", a),
  warn: (...a) => emit("warn", a),
  error: (...a) => emit("error", a),
};
