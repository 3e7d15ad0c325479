import { AgentExecution } from "../execution/agent-execution.js";
import type { ToolCall } from "../execution/types.js";
import type { Tool, ToolContext } from "./registry.js";

const MAX_SUB_AGENT_DEPTH = 4;

export class InvokeSubAgentTool implements Tool {
  readonly name = "invoke_sub_agent";
  readonly description = "Delegate a self-contained task to a named sub-agent and return its answer.";

  async execute(call: ToolCall, context: ToolContext): Promise<string> {
    const parent = context.execution;
    const currentDepth = parent.subExecutionDepth;
    if (currentDepth >= MAX_SUB_AGENT_DEPTH) {
      return `Sub-agent depth limit (${MAX_SUB_AGENT_DEPTH}) reached; do the work yourself.`;
    }
    const input = (call.input ?? {}) as { subagentId?: string; prompt?: string };
    const subagentId = input.subagentId ?? "general-purpose";
    const subAgentExecution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: currentDepth + 1,
      agentName: subagentId,
    });
    const answer = await context.runExecution(subAgentExecution, [
      { role: "system", text: `${parent.promptContext.systemPrompt}\nYou are the sub-agent "${subagentId}".` },
      { role: "user", text: input.prompt ?? "" },
    ]);
    this.acknowledgeHandledSteering(parent, subAgentExecution);
    return answer;
  }

  /** The sub-agent's answer covers whatever steering it read: record that on the messages. */
  private acknowledgeHandledSteering(parent: AgentExecution, child: AgentExecution): void {
    const buffer = parent.sessionServices.steering;
    const upTo = Math.min(child.steeringReaderIndex, buffer.length);
    for (let index = 0; index < upTo; index++) {
      const message = buffer.at(index);
      if (!message) continue;
      buffer.acknowledge(message.id, child.executionId);
      buffer.acknowledge(message.id, parent.executionId);
    }
  }
}
