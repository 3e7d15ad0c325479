import { logger } from "../lib/log.js";

export const MAX_SUBAGENT_DEPTH = 4;

/** invoke_sub_agent: runs a named sub-agent to completion and returns its final text. */
export const invokeSubAgentTool = {
  name: "invoke_sub_agent",
  /**
   * @param {{ input?: { subagentId?: string, prompt?: string } }} call
   * @param {import("../agent/graph.js").GraphState} state
   */
  async run(call, state) {
    const { subagentId, prompt = "" } = call.input ?? {};
    if (!subagentId) return "invoke_sub_agent: subagentId is required";
    const parent = state.execution;
    if (parent.subExecutionDepth >= MAX_SUBAGENT_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUBAGENT_DEPTH} reached; ${subagentId} not started`);
      return `invoke_sub_agent: nesting deeper than ${MAX_SUBAGENT_DEPTH} is not allowed`;
    }
    const child = parent.fork({ agentName: subagentId });
    logger.info(`[SubAgentGraph] ${parent.agentName} started ${subagentId} (${child.executionId.slice(0, 8)})`);
    const output = await state.runner.run(child, prompt);
    // result is back: the child handled what it was given
    const log = parent.sessionServices.steering.log;
    for (const id of child.deliveredSteering) log.recordHandler(id, child.executionId);
    return output || `${subagentId} finished without output`;
  },
};
