import type { AgentGraph } from "./graph.js";
import type { AgentExecution } from "../execution/agent-execution.js";
import type { ContextMessage } from "../execution/contracts.js";
import { forkExecution } from "../execution/spawn.js";
import { trace, TraceLevel } from "../core/trace.js";

const MEMORY_PROMPT =
  "You maintain the user's long-term memory. From the conversation, list new durable facts " +
  "(preferences, conventions, project details), one per line. Reply NONE if there are none.";

/** Streams the memory-extraction execution and keeps the facts it reports. */
export async function extractMemories(
  graph: AgentGraph,
  root: AgentExecution,
  conversation: readonly ContextMessage[],
): Promise<string[]> {
  const extraction = forkExecution(root, { agentName: "memory-extraction", skipHooks: true });
  const facts: string[] = [];
  const body = conversation.map((message) => `<${message.role}>${message.text}</${message.role}>`).join("\n");
  try {
    for await (const event of graph.walk(extraction, [
      { role: "system", text: MEMORY_PROMPT },
      { role: "user", text: body },
    ])) {
      if (event.type !== "assistant") continue;
      for (const line of event.text.split(/\r?\n/)) {
        const fact = line.trim();
        if (fact.length > 0 && fact !== "NONE" && fact !== "done") facts.push(fact);
      }
    }
  } catch (error) {
    trace(TraceLevel.Warn, `memory extraction failed: ${String(error)}`);
  } finally {
    extraction.dispose();
  }
  return facts;
}
