import type { Plugin } from "../kernel/plugins.js";
import { runAgentLoop } from "../exec/loop.js";
import { spawnSubExecution } from "../exec/spawn.js";

const MAX_DEPTH = 4;

export const subagentPlugin: Plugin = {
  name: "subagents",
  version: "1.4.0",
  tools: [
    {
      name: "invoke_sub_agent",
      summary: "Run a named sub-agent on a task and return what it reports.",
      async handler(call, execution) {
        const { subagentId = "general-task-agent", prompt = "" } = (call.input ?? {}) as { subagentId?: string; prompt?: string };
        if (execution.subExecutionDepth >= MAX_DEPTH) return "error: sub-agents may not nest deeper than " + MAX_DEPTH;
        const child = spawnSubExecution(execution, subagentId, { transcript: [{ role: "user", text: prompt }] });
        const { steering, registry } = execution.sessionServices;
        try {
          await runAgentLoop(child);
        } finally {
          registry.release(child);
        }
        // the result comes back to the parent, which now holds what the child handled
        for (const id of child.delivered) steering.markHandled(id, execution.executionId);
        return child.finalText() || "(sub-agent returned no text)";
      },
    },
  ],
};

export const relayPlugin: Plugin = {
  name: "steering-relay",
  tools: [
    {
      name: "user_steer",
      summary: "Relay a message the user typed while the agent runs.",
      handler(call, execution) {
        return "queued " + execution.sessionServices.surface.steer(String(call.text ?? ""), "user").id;
      },
    },
    {
      name: "notify",
      summary: "Post a system notification to the running agents.",
      handler(call, execution) {
        return "posted " + execution.sessionServices.surface.steer(String(call.text ?? ""), "system").id;
      },
    },
  ],
};
