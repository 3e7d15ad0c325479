// Kiro agent server (model r): ACP entry.
import { createSession } from "./acp/sessions.js";
import { handleExtMethod } from "./acp/ext.js";
import { startStdioTransport } from "./acp/transport.js";
import { logLines } from "./kernel/log.js";

export { createSession, handleExtMethod, logLines };

const argv = process.argv.slice(2);
if (argv.some((a) => a === "--transport=stdio")) startStdioTransport(argv);
