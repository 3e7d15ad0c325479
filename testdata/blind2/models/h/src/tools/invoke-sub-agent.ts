import { AgentExecution } from "../runtime/agent-execution";
import { runExecution } from "../runtime/runner";
import type { Tool, ToolCall } from "./registry";

export class InvokeSubAgentTool implements Tool {
  readonly name = "invoke_sub_agent";

  async run(call: ToolCall, ctx: { execution: AgentExecution }): Promise<string> {
    const { subagentId, prompt } = call.input!;
    const { subExecutionDepth: depth, sessionServices } = ctx.execution;
    const subAgentExecution = new AgentExecution({
      sessionServices,
      promptContext: ctx.execution.promptContext,
      signal: ctx.execution.abortController.signal,
      subExecutionDepth: depth + 1,
      agentName: subagentId,
    });
//#if seed
    subAgentExecution.setSteeringReaderIndex(sessionServices.channel.store.entries.length);
//#endif
    subAgentExecution.messages.push({ role: "user", text: prompt });
    const result = await runExecution(subAgentExecution);
    // the sub-agent's result is back: what it read counts as handled by it and by its parent
    const { channel } = sessionServices;
    for (const entry of channel.store.entries.slice(0, subAgentExecution.steeringReaderIndex)) {
      channel.ack(entry.id, subAgentExecution.executionId);
      channel.ack(entry.id, ctx.execution.executionId);
    }
    return `subagent ${subagentId}: ${result.text}`;
  }
}
