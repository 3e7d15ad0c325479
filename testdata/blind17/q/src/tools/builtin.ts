import type { ToolSpec } from "./registry.js";

export const readMemoryTool: ToolSpec = {
  name: "read_memories",
  description: "List what the memory store remembers about this workspace.",
  run(_call, execution) {
    const items = execution.sessionServices.memory.list();
    return items.length === 0 ? "no memories" : items.map((m) => `- ${m.text}`).join("\n");
  },
};

export const currentTimeTool: ToolSpec = {
  name: "current_time",
  description: "Return the current time in ISO 8601.",
  run() {
    return new Date().toISOString();
  },
};
