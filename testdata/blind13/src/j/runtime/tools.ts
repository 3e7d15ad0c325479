import { AgentExecution } from "../execution/agent-execution";
import { logInfo, logWarn } from "../core/log";
import type { ToolHandler } from "./types";

const MAX_SUBAGENT_DEPTH = 4;

function acknowledgeHandled(execution: AgentExecution): void {
  const { buffer } = execution.sessionServices.steering;
  for (const id of execution.handledSteeringIds) buffer.acknowledge(id, execution.executionId);
}

export const toolHandlers: Record<string, ToolHandler> = {
  async invoke_sub_agent(call, ctx) {
    const { subagentId = "general-purpose", prompt = "" } = call.input ?? {};
    const parentExecution = ctx.execution;
    const { subExecutionDepth: depth } = parentExecution;
    if (depth >= MAX_SUBAGENT_DEPTH) {
      logWarn(`[SubAgentGraph] depth ${depth} reached, not starting ${subagentId}`);
      return `error: sub-agent nesting limit (${MAX_SUBAGENT_DEPTH}) reached`;
    }
    const child = new AgentExecution({
      sessionServices: parentExecution.sessionServices,
      promptContext: parentExecution.promptContext,
      signal: ctx.signal,
      subExecutionDepth: depth + 1,
      agentName: subagentId,
      parentExecutionId: parentExecution.executionId,
    });
    logInfo(`[SubAgentGraph] ${parentExecution.agentName} -> ${subagentId} (${child.executionId.slice(0, 8)})`);
    const summary = await ctx.runExecution(child, prompt);
    acknowledgeHandled(child);
    return summary;
  },

  async user_steer(call, ctx) {
    return `queued ${ctx.session.steer(call.text ?? "").id}`;
  },

  async notify(call, ctx) {
    return `posted ${ctx.session.steer(call.text ?? "", "workflow").id}`;
  },

  /** Context compaction runs a summarizer sub-execution on the parent's services. */
  async compact_context(_call, ctx) {
    const parent = ctx.execution;
    const summarizer = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: { ...parent.promptContext, purpose: "compaction" },
      signal: ctx.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: "context-summarizer",
      skipHooks: true,
    });
    return ctx.runExecution(summarizer, "Summarize the conversation so far in a compact form.");
  },
};
