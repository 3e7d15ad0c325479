// Runs one bundle as `node acp-server.js --scenario <file>` would, inside a
// worker thread started by truth.mjs (argv and the bundle path come from it).
//
// The only change to the process: crypto.randomUUID returns a counter
// (`0000000n-0000-4000-8000-00000000000n`), so that the third model's execution
// ids, and with them the `(exec8)` of each [LiveSteeringHook] log line, grow
// with creation order as the base model's do. Message ids stay unique.
import crypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";
import { pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";

let counter = 0;
crypto.randomUUID = () => {
  counter += 1;
  const hex = counter.toString(16).padStart(12, "0");
  return `${hex.slice(4)}-0000-4000-8000-${hex}`;
};
syncBuiltinESMExports();

await import(pathToFileURL(workerData.bundle).href);
