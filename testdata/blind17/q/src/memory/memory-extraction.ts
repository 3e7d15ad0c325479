import { AgentExecution } from "../agent/agent-execution.js";
import { runExecutionGraph } from "../agent/graph.js";

export const MEMORY_EXTRACTION_AGENT = "memory-extraction";

const EXTRACTION_PROMPT =
  "Review the conversation so far and list durable facts worth remembering about the user or the workspace, one per line starting with '- '. Reply 'none' if there are none.";

/** The options every child execution inherits from its parent. */
export function childExecutionOptions(parent: AgentExecution) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
  };
}

/** Runs the memory extractor after a successful turn and stores what it finds. */
export async function extractMemories(parent: AgentExecution): Promise<number> {
  const extractor = new AgentExecution({
    ...childExecutionOptions(parent),
    agentName: MEMORY_EXTRACTION_AGENT,
    skipHooks: true,
    history: [...parent.messages.filter((m) => m.role !== "tool" && m.steeringId === undefined), { role: "user", text: EXTRACTION_PROMPT }],
  });
  try {
    await runExecutionGraph(extractor);
    let stored = 0;
    for (const line of extractor.lastAssistantText().split("\n")) {
      if (line.startsWith("- ") && parent.sessionServices.memory.add(line.slice(2), parent.executionId)) stored++;
    }
    return stored;
  } catch (err) {
    parent.sessionServices.logger.warn(`[memory] extraction failed: ${err instanceof Error ? err.message : String(err)}`);
    return 0;
  } finally {
    extractor.dispose();
  }
}
