// Kiro agent server (model q): the ACP entry point.
import { createSession, handleExtMethod, serveStdio } from "./acp/server.js";
import { logLines } from "./log/logger.js";

export { createSession, handleExtMethod, logLines };

if (process.argv.includes("--transport=stdio")) serveStdio();
