import { AgentExecution } from "../execution/agent-execution";
import type { Tool } from "./registry";
import type { GraphState } from "../graph/state";
import type { ToolCall } from "../core/services";
import { Tokens } from "../core/container";
import type { GraphRunner } from "../graph/nodes";
import { Logger } from "../core/logger";

const log = new Logger("subagent");
export const MAX_SUBAGENT_DEPTH = 4;

export class InvokeSubAgentTool implements Tool {
  readonly name = "invoke_sub_agent";

  async execute(call: ToolCall, state: GraphState): Promise<string> {
    const parent = state.execution;
    const subagentId = call.input?.subagentId ?? "general";
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUBAGENT_DEPTH) return `refused: maximum sub-agent depth reached`;
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
      initialPrompt: call.input?.prompt,
    });
    log.info(`spawned ${subagentId} (${subAgentExecution.executionId.slice(0, 8)}) at depth ${currentDepth + 1}`);
    const runner = parent.sessionServices.container.resolve<GraphRunner>(Tokens.Runner);
    const result = await runner.run(subAgentExecution);
    // the sub-agent's result comes back: record who handled the steering it was given
    const buffer = parent.sessionServices.steering;
    for (const id of subAgentExecution.deliveredSteering) {
      buffer.acknowledge(id, subAgentExecution.executionId);
      buffer.acknowledge(id, parent.executionId);
    }
    return `subagent ${subagentId} finished: ${result}`;
  }
}
