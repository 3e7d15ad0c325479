import { AgentExecution } from "../core/execution";
import { log } from "../platform/log";
import type { ToolInvocation, ToolResult } from "../runtime/host";
import { SUB_AGENT_DEPTH_LIMIT, acknowledgeChildSteering, parseSubAgentRequest } from "./invoke-sub-agent";

const MAX_PARALLEL = 4;
const parallelLog = log.child("ParallelSubAgents");

/** `invoke_sub_agents`: fan a list of independent tasks out to sub-agents running side by side. */
export async function invokeSubAgentsInParallel(input: unknown, { execution, host }: ToolInvocation): Promise<ToolResult> {
  const tasks = (((input ?? {}) as { tasks?: unknown[] }).tasks ?? []).map(parseSubAgentRequest).slice(0, MAX_PARALLEL);
  if (tasks.length === 0) return { ok: false, output: "no tasks given" };
  if (execution.subExecutionDepth >= SUB_AGENT_DEPTH_LIMIT) {
    return { ok: false, output: `Sub-agent nesting depth limit (${SUB_AGENT_DEPTH_LIMIT}) exceeded` };
  }
  const inherited = { promptContext: execution.promptContext, signal: execution.abortController.signal };
  const children = tasks.map(
    (task) =>
      new AgentExecution({
        ...inherited,
        sessionServices: execution.sessionServices,
        subExecutionDepth: execution.subExecutionDepth + 1,
        agentName: task.subagentId,
      }),
  );
  parallelLog.info(`running ${children.length} sub-agents for ${execution.agentName} (${execution.shortId})`);
  const settled = await Promise.allSettled(children.map((child, index) => host.runExecution(child, tasks[index].prompt)));
  children.forEach(acknowledgeChildSteering);
  const lines = settled.map((outcome, index) =>
    outcome.status === "fulfilled"
      ? `${tasks[index].subagentId}: ${outcome.value || "(no output)"}`
      : `${tasks[index].subagentId}: failed (${String(outcome.reason)})`,
  );
  return { ok: settled.every((outcome) => outcome.status === "fulfilled"), output: lines.join("\n") };
}
