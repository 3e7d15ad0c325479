import { AgentExecution } from "../agent/execution";
import { createLogger } from "../util/logger";
import type { ToolSpec } from "./registry";

const log = createLogger("kas.subagent");

export const MAX_SUB_EXECUTION_DEPTH = 4;

export const invokeSubAgentTool: ToolSpec = {
  name: "invoke_sub_agent",
  description: "Delegate a task to a named sub-agent and wait for its answer.",
  async execute(input, context) {
    const subagentId = String(input.subagentId ?? "");
    const prompt = String(input.prompt ?? "");
    if (subagentId === "") return { content: "invoke_sub_agent: subagentId is required", isError: true };
    const parent = context.execution;
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) {
      log.warn(`[SubAgentGraph] depth limit ${MAX_SUB_EXECUTION_DEPTH} reached, refusing ${subagentId}`);
      return { content: `Sub-agent nesting limit (${MAX_SUB_EXECUTION_DEPTH}) reached`, isError: true };
    }
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
    });
    const tracer = parent.sessionServices.tracer;
    const span = tracer.start(`subagent:${subagentId}`, undefined, { depth: subAgentExecution.subExecutionDepth });
    try {
      log.info(`[SubAgentGraph] ${parent.describe()} -> ${subAgentExecution.describe()}`);
      const answer = await context.runner.runExecution(subAgentExecution, prompt);
      return { content: answer };
    } finally {
      tracer.finish(span);
    }
  },
};
