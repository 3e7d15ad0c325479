import { shortExecutionId } from "../common/ids";
import { Logger } from "../common/logging";
import { AgentExecution } from "../execution/agent-execution";
import type { ToolCall } from "../execution/types";
import type { Tool, ToolContext } from "./registry";

export const MAX_SUB_EXECUTION_DEPTH = 5;

/** The invoke-sub-agent tool: runs a named sub-agent to completion and returns its reply. */
export class InvokeSubAgentTool implements Tool {
  readonly name = "invoke_sub_agent";
  private readonly log = new Logger("subagent");

  async execute(call: ToolCall, { execution: parent, runner }: ToolContext): Promise<string> {
    const subagentId = call.input?.subagentId;
    const prompt = call.input?.prompt ?? "";
    if (typeof subagentId !== "string" || subagentId.length === 0) {
      return "error: invoke_sub_agent needs a subagentId";
    }
    const depth = parent.subExecutionDepth;
    if (depth >= MAX_SUB_EXECUTION_DEPTH) {
      this.log.warn(`[SubAgentGraph] nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) reached, not starting ${subagentId}`);
      return `error: sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded`;
    }

    const subAgentExecution = new AgentExecution({
      agentName: subagentId,
      parentExecutionId: parent.executionId,
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: depth + 1,
    });
    this.log.info(
      `[SubAgentGraph] ${parent.agentName} -> ${subagentId} (${shortExecutionId(subAgentExecution.executionId)}) at depth ${subAgentExecution.subExecutionDepth}`,
    );

    const reply = await runner.run(subAgentExecution, prompt);

    // The sub-agent's result is back: record it as a handler of the steering it saw.
    const buffer = parent.sessionServices.steeringBuffer;
    for (const messageId of subAgentExecution.injectedSteeringIds) {
      buffer.acknowledge(messageId, subAgentExecution.executionId);
    }
    return reply.length > 0 ? reply : `(${subagentId} returned no text)`;
  }
}
