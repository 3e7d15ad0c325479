import { AgentExecution } from "../agent/agent-execution.js";
import { runExecutionGraph } from "../agent/graph.js";
import type { ToolSpec } from "./registry.js";

export const MAX_SUB_AGENT_DEPTH = 4;

export const invokeSubAgentTool: ToolSpec = {
  name: "invoke_sub_agent",
  description: "Delegate a task to a named sub-agent and return its final answer.",
  async run(call, execution) {
    const input = (call.input ?? {}) as { subagentId?: string; prompt?: string };
    const subagentId = input.subagentId ?? "general-task-agent";
    const currentDepth = execution.subExecutionDepth;
    if (currentDepth + 1 > MAX_SUB_AGENT_DEPTH) return `error: sub-agent depth limit (${MAX_SUB_AGENT_DEPTH}) reached`;
    const subAgentExecution = new AgentExecution({
      sessionServices: execution.sessionServices,
      promptContext: execution.promptContext,
      signal: execution.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
      history: [{ role: "user", text: input.prompt ?? "" }],
    });
    try {
      await runExecutionGraph(subAgentExecution);
      const { steering } = execution.sessionServices;
      // the sub-agent's result comes back: what it was handed counts as handled
      for (const id of subAgentExecution.deliveredSteeringIds) {
        steering.acknowledge(id, subAgentExecution.executionId);
        steering.acknowledge(id, execution.executionId);
      }
      return subAgentExecution.lastAssistantText();
    } finally {
      subAgentExecution.dispose();
    }
  },
};
