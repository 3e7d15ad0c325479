// Process log: every line is kept in memory (tail) and, when KAS_LOG_FILE is
// set, appended to that file. Structured fields follow the text as key=value.
import { appendFileSync } from "node:fs";

export const logLines: string[] = [];
const LIMIT = 4000;
const file = process.env.KAS_LOG_FILE;

type Fields = Record<string, string | number | boolean | undefined>;

function emit(level: string, text: string, fields?: Fields): void {
  let line = "[" + new Date().toISOString() + "] [" + level + "] " + text;
  if (fields) {
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) line += " " + k + "=" + String(v);
  }
  logLines.push(line);
  if (logLines.length > LIMIT) logLines.splice(0, logLines.length - LIMIT);
  if (file) {
    try {
      appendFileSync(file, line + "\n");
    } catch {
      // logging must never fail a request
    }
  }
}

export const log = {
  info: (text: string, fields?: Fields) => emit("info", text, fields),
  warn: (text: string, fields?: Fields) => emit("warn", text, fields),
  error: (text: string, fields?: Fields) => emit("error", text, fields),
  debug: (text: string, fields?: Fields) => {
    if (process.env.KAS_DEBUG) emit("debug", text, fields);
  },
};
