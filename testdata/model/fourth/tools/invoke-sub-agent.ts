import { createChildExecution } from "../agent/child-execution";
import type { AgentExecution } from "../agent/execution";
import type { RunChild } from "../graph/turn-graph";

export const SUB_AGENT_DEPTH_LIMIT = 5;

export interface ToolOutcome {
  ok: boolean;
  content: string;
}

export async function invokeSubAgent(caller: AgentExecution, args: Record<string, unknown>, runChild: RunChild): Promise<ToolOutcome> {
  const agentName = typeof args.agentName === "string" ? args.agentName : "general-purpose";
  if (caller.subExecutionDepth >= SUB_AGENT_DEPTH_LIMIT) {
    return { ok: false, content: `cannot start ${agentName}: nesting limit ${SUB_AGENT_DEPTH_LIMIT}` };
  }
  const child = createChildExecution(caller, { agentName });
  const finished = await runChild(child);
  return { ok: true, content: `${agentName} finished in ${finished.steps} step(s)` };
}
