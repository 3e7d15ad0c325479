import type { AgentExecutionImpl } from "../exec/execution.js";
import { runAgentLoop } from "../exec/loop.js";
import { spawnSubExecution } from "../exec/spawn.js";

const titles = new Map<string, string>();

export function titleOf(sessionId: string): string | undefined {
  return titles.get(sessionId);
}

/** Names a conversation after its first turn (ACP clients show it). */
export async function generateTitle(root: AgentExecutionImpl): Promise<void> {
  const sessionId = root.sessionServices.sessionId;
  if (titles.has(sessionId)) return;
  const firstUser = root.transcript.find((t) => t.role === "user" && t.steering === undefined);
  const writer = spawnSubExecution(root, "title-generator", {
    skipHooks: true,
    transcript: [{ role: "user", text: "Write a title of at most six words for: " + (firstUser?.text ?? "") }],
  });
  try {
    await runAgentLoop(writer);
    titles.set(sessionId, writer.finalText().slice(0, 80) || "Untitled");
    root.sessionServices.notify(sessionId, { sessionUpdate: "session_info_update", title: titles.get(sessionId) });
  } finally {
    root.sessionServices.registry.release(writer);
  }
}
