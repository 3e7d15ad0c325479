// End-of-turn memory extraction: a hook-less sub-execution that reads the turn and
// proposes durable memories.

import { createChildExecution } from "../agent/spawn";
import type { AgentExecution } from "../agent/execution";
import type { GraphHost } from "../graph/types";
import { createLogger } from "../util/log";

const memLog = createLogger("[MemoryExtraction]");

export const MEMORY_EXTRACTION_PROMPT =
  "Review the conversation of this turn and extract durable facts worth remembering in later sessions.";

export async function extractMemories(turnOwner: AgentExecution, host: GraphHost): Promise<string[]> {
  const extractor = createChildExecution(turnOwner, { agentName: "memory-extraction", skipHooks: true });
  const raw = await host.runExecution(extractor, MEMORY_EXTRACTION_PROMPT);
  const memories = raw
    .split("\n")
    .map((line) => line.replace(/^[-*]\s*/, "").trim())
    .filter((line) => line.length > 0 && line !== "done");
  memLog.debug(`extracted ${memories.length} memories for ${turnOwner.executionId.slice(0, 8)}`);
  return memories;
}

export async function reviewTurn(turnOwner: AgentExecution, host: GraphHost, focus: string): Promise<string> {
  const reviewer = createChildExecution(turnOwner, { agentName: "turn-reviewer", skipHooks: true });
  return host.runExecution(reviewer, `Review the changes made in this turn. Focus: ${focus}`);
}
