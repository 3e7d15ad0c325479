import { runExecution } from "../execution/build-graph.js";
import { logger } from "../support/logger.js";

export const MAX_SUB_AGENT_DEPTH = 5;

/** invoke_sub_agent: runs a named sub-agent to completion inside the calling execution. */
export function createSubAgentTool(getGraph) {
  return async function invokeSubAgent(state, call) {
    const { subagentId, prompt = "" } = call.input ?? {};
    const parent = state.execution;
    if (parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUB_AGENT_DEPTH} reached, not starting ${subagentId}`);
      return "Sub-agent nesting depth limit exceeded";
    }
    const child = parent.fork({ agentName: subagentId });
    logger.debug(`[SubAgentGraph] ${parent.agentName} -> ${subagentId} (${child.executionId.slice(0, 8)})`);
    try {
      return await runExecution(getGraph(), child, prompt);
    } finally {
      const queue = parent.sessionServices.liveSteering;
      for (const id of child.receivedSteering) queue.acknowledge(id, child.executionId);
      parent.children.delete(child);
    }
  };
}
