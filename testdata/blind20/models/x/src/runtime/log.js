export const logLines = [];
const levels = ["trace", "debug", "info", "warn", "error"];
export function log(level, scope, message) {
  if (!levels.includes(level)) level = "info";
  logLines.push(`${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${scope} ${message}`);
}
