// src/memory/extraction.ts
import { log } from "../runtime/log.js";

const PROMPT = "Review the finished turn and record durable memories.";

export function installMemoryExtraction(services) {
  services.get("events").on("turn:completed", async ({ root, run }) => {
    const execution = services.get("executions").child(root, { agentName: "memory-extraction", skipHooks: true });
    try {
      await run(execution, PROMPT);
    } catch (error) {
      log("warn", "[MemoryExtraction]", String(error?.message ?? error));
    }
  });
}
