import { AgentExecution } from "../core/execution";
import { log } from "../platform/log";
import type { ToolInvocation, ToolResult } from "../runtime/host";

export const SUB_AGENT_DEPTH_LIMIT = 3;
const subLog = log.child("SubAgentGraph");

export interface SubAgentRequest {
  subagentId: string;
  prompt: string;
}

export function parseSubAgentRequest(input: unknown): SubAgentRequest {
  const raw = (input ?? {}) as Partial<SubAgentRequest>;
  return { subagentId: raw.subagentId ?? "general-purpose", prompt: raw.prompt ?? "" };
}

/** Credit a finished sub-agent with the steering it was handed. */
export function acknowledgeChildSteering(child: AgentExecution): void {
  const queue = child.sessionServices.steering;
  for (const messageId of child.deliveredSteeringIds) queue.markHandledBy(messageId, child.executionId);
}

export async function invokeSubAgent(input: unknown, { execution, host }: ToolInvocation): Promise<ToolResult> {
  const { subagentId, prompt } = parseSubAgentRequest(input);
  const parentDepth = execution.subExecutionDepth;
  if (parentDepth >= SUB_AGENT_DEPTH_LIMIT) {
    subLog.warn(`nesting depth limit (${SUB_AGENT_DEPTH_LIMIT}) exceeded, rejecting invocation of ${subagentId}`);
    return { ok: false, output: `Sub-agent nesting depth limit (${SUB_AGENT_DEPTH_LIMIT}) exceeded` };
  }
  const subAgentExecution = new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: execution.promptContext,
    signal: execution.abortController.signal,
    subExecutionDepth: parentDepth + 1,
    agentName: subagentId,
  });
  subLog.info(`starting ${subagentId} (${subAgentExecution.shortId}) for ${execution.agentName} (${execution.shortId})`);
  const output = await host.runExecution(subAgentExecution, prompt);
  acknowledgeChildSteering(subAgentExecution);
  return { ok: true, output: output || "(no output)" };
}
