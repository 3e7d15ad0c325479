// src/tools/builtin/sub-agent-tool.ts
import { AgentExecution } from "../../agent/agent-execution.js";
import { GraphOutcome } from "../../agent/execution-graph.js";
import { Logger } from "../../logging/logger.js";
import { BaseTool, ToolCategory, tool, type ToolContext, type ToolResult } from "../registry.js";

export const MAX_SUBAGENT_DEPTH = 4;

const log = new Logger("subagent");

/** Options a sub-agent inherits from the execution that spawns it. */
function inheritedExecutionOptions(parent: AgentExecution) {
  return {
    parentExecutionId: parent.executionId,
    toolAllowList: parent.toolAllowList,
    maxSteps: Math.max(20, Math.floor(parent.maxSteps / 2)),
  };
}

@tool({
  name: "invoke_sub_agent",
  description: "Delegate a task to a named sub-agent and wait for its result.",
  category: ToolCategory.Agent,
  aliases: ["use_subagent"],
  inputSchema: {
    type: "object",
    properties: { subagentId: { type: "string" }, prompt: { type: "string" } },
    required: ["subagentId", "prompt"],
  },
})
export class InvokeSubAgentTool extends BaseTool {
  async run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const state = ctx.state;
    const subagentId = String(input.subagentId);
    const currentDepth = state.execution.subExecutionDepth;
    if (currentDepth + 1 > MAX_SUBAGENT_DEPTH) {
      return this.fail(`sub-agent depth limit (${MAX_SUBAGENT_DEPTH}) reached`);
    }
    const subAgentExecution = new AgentExecution({
      ...inheritedExecutionOptions(state.execution),
      sessionServices: state.execution.sessionServices,
      promptContext: state.execution.promptContext,
      signal: state.execution.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
    });
    subAgentExecution.history.push({ role: "user", text: String(input.prompt) });
    log.debug(`spawned ${subAgentExecution.describe()} from ${state.execution.describe()}`);
    const result = await state.execution.sessionServices.graph.run(subAgentExecution);
    // the sub-agent's result is back: what it was handed counts as handled by it
    const buffer = state.execution.sessionServices.steeringBuffer;
    for (const messageId of subAgentExecution.injectedSteeringIds) {
      buffer.acknowledge(messageId, subAgentExecution.executionId);
    }
    if (result.outcome === GraphOutcome.Aborted) return this.fail("sub-agent was cancelled");
    return this.ok(result.text || "(the sub-agent returned no text)");
  }
}
