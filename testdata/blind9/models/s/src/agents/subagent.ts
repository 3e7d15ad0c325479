// invoke_sub_agent tool.

import { logger } from "../core/logging";
import { AgentExecution } from "../runtime/execution";
import type { ExecState, ToolRequest, Turn } from "../runtime/graph";
import { inheritedExecutionFields } from "./inherit";

export type ExecutionRunner = (execution: AgentExecution, prompt: string) => Promise<ExecState>;

export async function runSubAgentTool(state: ExecState, call: ToolRequest, run: ExecutionRunner): Promise<Turn> {
  const parent = state.execution;
  const depth = parent.subExecutionDepth;
  const agentName = call.input?.subagentId ?? "general-purpose";
  const limit = parent.sessionServices.config.agents.maxSubExecutionDepth;
  if (depth >= limit) {
    logger.warn(`[SubAgentGraph] Sub-agent nesting depth limit (${limit}) exceeded, rejecting invocation of ${agentName}`);
    return { role: "tool", text: `error: depth limit ${limit}` };
  }
  const subAgentExecution = new AgentExecution({
    ...inheritedExecutionFields(parent),
    sessionServices: parent.sessionServices,
    subExecutionDepth: depth + 1,
    agentName,
  });
  const done = await run(subAgentExecution, call.input?.prompt ?? "");
  for (const id of done.delivered) parent.sessionServices.steeringBuffer.markHandled(id, subAgentExecution.executionId);
  return { role: "tool", text: done.reply?.text ?? "" };
}
