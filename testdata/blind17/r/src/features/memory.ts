import type { AgentExecutionImpl } from "../exec/execution.js";
import { runAgentLoop } from "../exec/loop.js";
import { spawnSubExecution } from "../exec/spawn.js";
import { log } from "../kernel/log.js";

const memories = new Map<string, string[]>();

const INSTRUCTION =
  "List durable facts about the user or the workspace from the conversation above, one per line prefixed with '* '. Answer 'nothing' if there are none.";

export function memoriesFor(sessionId: string): readonly string[] {
  return memories.get(sessionId) ?? [];
}

/** Memory extraction after a successful turn, queued on the session's job queue. */
export async function extractMemories(root: AgentExecutionImpl): Promise<void> {
  const transcript = root.transcript.filter((t) => t.steering === undefined && t.role !== "tool");
  const extractor = spawnSubExecution(root, "memory-extraction", {
    skipHooks: true,
    transcript: [...transcript, { role: "user", text: INSTRUCTION }],
  });
  try {
    await runAgentLoop(extractor);
    const found = extractor
      .finalText()
      .split("\n")
      .filter((l) => l.startsWith("* "))
      .map((l) => l.slice(2).trim());
    if (found.length) {
      const list = memories.get(root.sessionServices.sessionId) ?? [];
      list.push(...found);
      memories.set(root.sessionServices.sessionId, list);
      log.info("memory extraction stored " + found.length + " item(s)");
    }
  } finally {
    root.sessionServices.registry.release(extractor);
  }
}
