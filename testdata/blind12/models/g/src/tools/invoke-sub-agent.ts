import { AgentExecution } from "../agent/agent-execution";
import type { ExecutionRunner } from "../graph/execution-runner";
import type { GraphState, ToolCall } from "../graph/state";
import { scoped } from "../util/log";
import type { Tool } from "./registry";

const log = scoped("SubAgentGraph");

export interface SubAgentLimits {
  maxDepth: number;
}

export class InvokeSubAgentTool implements Tool {
  readonly name = "invoke_sub_agent";

  constructor(private readonly limits: SubAgentLimits) {}

  async execute(call: ToolCall, state: GraphState, runner: ExecutionRunner): Promise<string> {
    const subagentId = String(call.input?.subagentId ?? "general-purpose");
    const prompt = String(call.input?.prompt ?? "");
    const parent = state.execution;
    const depth = parent.subExecutionDepth;
    if (depth >= this.limits.maxDepth) {
      log.warn(`nesting depth limit (${this.limits.maxDepth}) reached, refusing ${subagentId}`);
      return `error: sub-agent nesting limit reached`;
    }
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: depth + 1,
      agentName: subagentId,
      parentExecutionId: parent.executionId,
    });
    log.debug(`spawned ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${depth + 1}`);
    const result = await runner.run(subAgentExecution, prompt);
    // the sub-agent has handled whatever steering reached it: record that for the parent's wording
    const buffer = parent.sessionServices.steeringBuffer;
    for (const id of subAgentExecution.deliveredSteeringIds) buffer.markHandled(id, subAgentExecution.executionId);
    return result;
  }
}
