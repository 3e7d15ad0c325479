import { createLogger } from "../util/logger";
import { AgentExecution } from "../agent/execution";
import type { ToolDefinition } from "./registry";

const log = createLogger("SubAgentGraph");

export const MAX_SUB_EXECUTION_DEPTH = 4;

interface InvokeSubAgentInput {
  subagentId: string;
  prompt: string;
}

function parseInput(raw: Record<string, unknown> | undefined): InvokeSubAgentInput {
  const subagentId = typeof raw?.subagentId === "string" ? raw.subagentId : "general-purpose";
  const prompt = typeof raw?.prompt === "string" ? raw.prompt : "";
  return { subagentId, prompt };
}

export const invokeSubAgentTool: ToolDefinition = {
  name: "invoke_sub_agent",
  description: "Delegate a self-contained task to a sub-agent and return its final answer.",
  async execute(call, { state, host }) {
    const { subagentId, prompt } = parseInput(call.input);
    const parent = state.execution;
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) {
      log.warn(`nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) reached, not invoking ${subagentId}`);
      return { text: `Sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded` };
    }
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
      parentExecutionId: parent.executionId,
    });
    parent.sessionServices.telemetry.increment("subagent.spawned");
    log.info(`spawned ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${currentDepth + 1}`);
    const output = await host.runExecution(subAgentExecution, prompt);
    return { text: output || "(no output)" };
  },
};
