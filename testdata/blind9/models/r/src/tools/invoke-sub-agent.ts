// invoke_sub_agent: runs a named sub-agent to completion inside the caller's turn.

import { createLogger } from "../util/log";
import { createChildExecution, SubExecutionDepthError } from "../agent/spawn";
import type { GraphHost, GraphState } from "../graph/types";

const toolLog = createLogger("[SubAgentGraph]");

export interface SubAgentInput {
  subagentId?: unknown;
  prompt?: unknown;
}

export async function invokeSubAgentTool(state: GraphState, input: SubAgentInput, host: GraphHost): Promise<{ response: string }> {
  const subagentId = typeof input.subagentId === "string" ? input.subagentId : "general-task";
  const prompt = typeof input.prompt === "string" ? input.prompt : "";
  let child;
  try {
    child = createChildExecution(state.execution, { agentName: subagentId });
  } catch (err) {
    if (err instanceof SubExecutionDepthError) {
      toolLog.warn(`${err.message}, rejecting invocation of ${subagentId}`);
      return { response: "" };
    }
    throw err;
  }
  const response = await host.runExecution(child, prompt);
  // The sub-agent's result carries its handling of the steering it was given.
  const buffer = child.sessionServices.steeringBuffer;
  for (const id of child.deliveredSteering) buffer.acknowledge(id, child.executionId);
  return { response };
}
