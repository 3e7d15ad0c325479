import type { AgentExecution } from "../agent/agent-execution";
import type { ContextMessage } from "../agent/types";
import { createSubExecution } from "../agent/spawn";
import type { ExecutionHost } from "../tools/tool-registry";
import { logger } from "../util/logger";

const KEEP_RECENT_MESSAGES = 8;
const SUMMARIZER_AGENT = "context-summarizer";

function contextChars(context: ContextMessage[]): number {
  let total = 0;
  for (const message of context) total += message.text.length;
  return total;
}

/** When a context outgrows its budget, a summarizer sub-execution condenses the older part. */
export async function compactContextIfNeeded(
  execution: AgentExecution,
  context: ContextMessage[],
  host: ExecutionHost,
): Promise<ContextMessage[]> {
  const budget = execution.promptContext.contextCharBudget;
  if (execution.agentName === SUMMARIZER_AGENT || context.length <= KEEP_RECENT_MESSAGES + 1) return context;
  const size = contextChars(context);
  if (size <= budget) return context;
  logger.info(`[Compaction] ${execution.agentName}: ${size} chars over budget ${budget}, summarizing`);
  const older = context.slice(1, context.length - KEEP_RECENT_MESSAGES);
  const summarizer = createSubExecution(execution, SUMMARIZER_AGENT, { skipHooks: true });
  const transcript = older.map((message) => `${message.role}: ${message.text}`).join("\n");
  const summary = await host.runExecution(summarizer, `Summarize this conversation so far for the agent that continues it:\n${transcript}`);
  return [
    context[0],
    { role: "system", text: `Summary of the earlier conversation:\n${summary}` },
    ...context.slice(context.length - KEEP_RECENT_MESSAGES),
  ];
}
