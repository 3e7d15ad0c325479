// invoke_sub_agent: delegates a task to a named sub-agent and waits for its answer.
import { AgentExecution, type ExecutionOptions } from "./execution.js";
import type { ToolCall } from "./model.js";
import type { AgentTool, ToolContext } from "./tools.js";
import { logger } from "../util/logger.js";
import { shortExecutionId } from "../util/ids.js";

const MAX_SUB_EXECUTION_DEPTH = 4;

type InheritedOptions = Pick<ExecutionOptions, "sessionServices" | "promptContext" | "signal">;

/** What a sub-execution takes over from the execution that spawns it. */
function inheritFromParent(parent: AgentExecution): InheritedOptions {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
  };
}

export class InvokeSubAgentTool implements AgentTool {
  readonly name = "invoke_sub_agent";
  readonly description = "Delegate a task to a specialised sub-agent and return its final answer";

  async execute(call: ToolCall, context: ToolContext): Promise<string> {
    const subagentId = String(call.input?.subagentId ?? "");
    const task = String(call.input?.prompt ?? "");
    if (!subagentId) return "error: subagentId is required";
    const parent = context.execution;
    const depth = parent.subExecutionDepth;
    if (depth >= MAX_SUB_EXECUTION_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUB_EXECUTION_DEPTH} reached, not starting ${subagentId}`);
      return `error: sub-agent nesting limit (${MAX_SUB_EXECUTION_DEPTH}) reached`;
    }
    const subExecution = new AgentExecution({
      ...inheritFromParent(parent),
      agentName: subagentId,
      subExecutionDepth: depth + 1,
    });
    logger.info(
      `[SubAgentGraph] ${parent.agentName} (${shortExecutionId(parent.executionId)}) -> ${subagentId} (${shortExecutionId(subExecution.executionId)}) depth ${subExecution.subExecutionDepth}`,
    );
    let answer: string;
    try {
      answer = await context.runner.run(subExecution, task);
    } finally {
      await context.plugins.dispatch("subagent:returned", {
        session: context.session,
        runner: context.runner,
        execution: parent,
        child: subExecution,
      });
    }
    return answer || "(sub-agent returned no text)";
  }
}
