import { createSubExecution } from "../agent/spawn";
import { logger } from "../util/logger";
import { shortExecutionId } from "../util/ids";
import type { ToolDefinition } from "./tool-registry";

export const MAX_SUB_EXECUTION_DEPTH = 4;

interface InvokeSubAgentInput {
  subagentId?: string;
  prompt?: string;
}

export const invokeSubAgentTool: ToolDefinition = {
  name: "invoke_sub_agent",
  description: "Delegate a self-contained task to a named sub-agent and wait for its answer.",
  async execute(call, { execution, host }) {
    const { subagentId = "general-purpose", prompt = "" } = (call.input ?? {}) as InvokeSubAgentInput;
    if (execution.subExecutionDepth >= MAX_SUB_EXECUTION_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUB_EXECUTION_DEPTH} reached, refusing ${subagentId}`);
      return `Error: sub-agents may not nest deeper than ${MAX_SUB_EXECUTION_DEPTH}`;
    }
    const subAgentExecution = createSubExecution(execution, subagentId);
    logger.info(
      `[SubAgentGraph] ${execution.agentName} (${shortExecutionId(execution.executionId)}) delegates to ${subagentId} (${shortExecutionId(subAgentExecution.executionId)}) at depth ${subAgentExecution.subExecutionDepth}`,
    );
    const answer = await host.runExecution(subAgentExecution, prompt);
    return answer.length > 0 ? answer : "(the sub-agent returned no text)";
  },
};
