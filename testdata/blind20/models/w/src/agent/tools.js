// src/agent/tools.ts — built-in tools of the chat agent.
import { AgentExecution } from "./agent-execution.js";
import { logger } from "../util/logger.js";

const MAX_SUB_EXECUTION_DEPTH = 4;

async function invokeSubAgent(call, { execution, run }) {
  const { subagentId, prompt } = call.input ?? {};
  const currentDepth = execution.subExecutionDepth;
  if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) return `refused: sub-agent depth ${currentDepth} reached`;
  const subAgentExecution = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId,
  });
  logger.info(`[SubAgent] spawning ${subagentId} at depth ${currentDepth + 1}`);
  const result = await run(subAgentExecution, prompt ?? "");
  // the sub-agent's result is back: what it read is now handled
  const steering = execution.sessionServices.steering;
  for (const id of subAgentExecution.deliveredSteering) steering.acknowledge(id, subAgentExecution.executionId);
  return `sub-agent ${subagentId} returned: ${result.response?.text ?? ""}`;
}

export function createToolRegistry() {
  return {
    invoke_sub_agent: invokeSubAgent,
    user_steer: async (call, { execution }) => {
      const message = execution.sessionServices.session.steer(call.text ?? call.input?.text ?? "", "user");
      return `queued (${message.kind})`;
    },
    notify: async (call, { execution }) => {
      execution.sessionServices.session.steer(call.text ?? call.input?.text ?? "", "workflow");
      return "notification posted";
    },
  };
}
