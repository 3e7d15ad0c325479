import type { AgentExecution } from "../execution/agent-execution.js";
import type { ContextMessage, ModelToolCall } from "../execution/contracts.js";
import { forkExecution } from "../execution/spawn.js";

export interface ToolContext {
  execution: AgentExecution;
  runChild(child: AgentExecution, seed: ContextMessage[]): Promise<string>;
}

export type ToolHandler = (call: ModelToolCall, context: ToolContext) => Promise<string>;

const SUB_AGENT_DEPTH_LIMIT = 3;

async function invokeSubAgent(call: ModelToolCall, { execution, runChild }: ToolContext): Promise<string> {
  if (execution.subExecutionDepth >= SUB_AGENT_DEPTH_LIMIT) return "error: sub-agents may not nest this deep";
  const subagentId = call.input?.subagentId ?? "general-purpose";
  const child = forkExecution(execution, { agentName: subagentId });
  const result = await runChild(child, [
    { role: "system", text: `${execution.promptContext.system}\nYou are running as sub-agent ${subagentId}.` },
    { role: "user", text: String(call.input?.prompt ?? "") },
  ]);
  // the sub-agent's result answers the steering it was given
  const inbox = execution.sessionServices.inbox;
  child.deliveredSteering.forEach((id) => {
    inbox.acknowledge(id, child.executionId);
    inbox.acknowledge(id, execution.executionId);
  });
  return result;
}

export const toolHandlers = new Map<string, ToolHandler>([
  ["invoke_sub_agent", invokeSubAgent],
  ["user_steer", async (call, { execution }) => `queued ${execution.sessionServices.steer(call.text ?? "", "user").id}`],
  ["notify", async (call, { execution }) => `posted ${execution.sessionServices.steer(call.text ?? "", "workflow").id}`],
]);
