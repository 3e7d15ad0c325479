import { AgentExecution } from "../agent/agent-execution";
import { Logger } from "../util/logger";
import type { AgentState, ToolCall } from "../graph/agent-graph";
import type { Tool, ToolResult, ToolRuntime } from "./registry";

const log = new Logger("SubAgentGraph");

export const MAX_SUB_EXECUTION_DEPTH = 4;

export class InvokeSubAgentTool implements Tool {
  readonly name = "invoke_sub_agent";

  async execute(call: ToolCall, state: AgentState, runtime: ToolRuntime): Promise<ToolResult> {
    const subagentId = call.input?.subagentId ?? "general-purpose";
    const prompt = call.input?.prompt ?? "";
    const currentDepth = state.execution.subExecutionDepth;
    if (currentDepth >= MAX_SUB_EXECUTION_DEPTH) {
      log.warn(`[SubAgentGraph] nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded, rejecting ${subagentId}`);
      return { text: `Sub-agent nesting depth limit (${MAX_SUB_EXECUTION_DEPTH}) exceeded`, isError: true };
    }
    let subAgentExecution: AgentExecution | undefined;
    try {
      subAgentExecution = new AgentExecution({
        sessionServices: state.execution.sessionServices,
        promptContext: state.execution.promptContext,
        signal: state.execution.abortController.signal,
        subExecutionDepth: currentDepth + 1,
        agentName: subagentId,
      });
      log.info(`[SubAgentGraph] starting ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${subAgentExecution.subExecutionDepth}`);
      const text = await runtime.runExecution(subAgentExecution, prompt);
      return { text };
    } catch (err) {
      log.error(`[SubAgentGraph] ${subagentId} failed`, err);
      return { text: `Sub-agent ${subagentId} failed`, isError: true };
    } finally {
      // the sub-agent's result is back: what it was handed now counts as handled by it
      if (subAgentExecution) {
        for (const messageId of subAgentExecution.deliveredSteeringIds) {
          state.execution.sessionServices.liveSteering.acknowledge(messageId, subAgentExecution.executionId);
        }
      }
    }
  }
}
