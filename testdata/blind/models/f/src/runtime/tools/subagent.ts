// src/runtime/tools/subagent.ts
import { z } from "../../core/schema.js";
import { createLogger } from "../../core/log.js";
import { createSubExecution } from "../spawn.js";
import type { ToolDef } from "./catalog.js";

const log = createLogger("subagent");

export const invokeSubAgentTool: ToolDef<{ subagentId: string; prompt: string }> = {
  name: "invoke_sub_agent",
  description: "Hand a task to a sub-agent and wait for its answer.",
  input: z.object({ subagentId: z.string().min(1), prompt: z.string() }),
  async run({ subagentId, prompt }, env) {
    let state = env.state;
    let limit = env.services.settings.subagents.maxDepth;
    if (state.execution.subExecutionDepth >= limit) return { ok: false, output: `sub-agent depth limit ${limit} reached` };
    let subAgentExecution = createSubExecution(state.execution, { agentName: subagentId, prompt });
    log.debug(`${state.execution.label()} -> ${subAgentExecution.label()}`);
    let done = await env.services.graph.drive(subAgentExecution);
    if (done.status === "cancelled") return { ok: false, output: "the sub-agent was cancelled" };
    return { ok: true, output: done.text || "(no answer)" };
  },
};
