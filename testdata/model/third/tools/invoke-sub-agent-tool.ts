import { AgentExecution } from "../agent/agent-execution";
import { AgentTool, type ToolContext, type ToolResult } from "./agent-tool";

type InvokeSubAgentInput = { agentName?: string; task?: string };

export const MAX_SUB_AGENT_DEPTH = 8;

/** Runs another agent as a sub-execution of the caller and returns when it finishes. */
export class InvokeSubAgentTool extends AgentTool<InvokeSubAgentInput> {
  readonly name = "invoke-sub-agent";
  readonly description = "Delegate a task to a named sub-agent";
  private spawned = 0;

  protected async run(context: ToolContext, input: InvokeSubAgentInput): Promise<ToolResult> {
    const parent = context.execution;
    const subagentId = input.agentName ?? "general";
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUB_AGENT_DEPTH) {
      return { ok: false, output: `sub-agent nesting limit (${MAX_SUB_AGENT_DEPTH}) reached` };
    }
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
    });
    this.spawned += 1;
    await context.runSubExecution(subAgentExecution);
    return { ok: true, output: `${subagentId} finished after ${subAgentExecution.prompts.length} model invocation(s)` };
  }
}
