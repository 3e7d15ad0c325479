import { AgentExecution } from "../core/execution";
import { log } from "../platform/log";
import type { ExecutionHost } from "../runtime/host";

const MEMORY_AGENT = "memory-extraction";
const memoryLog = log.child("MemoryExtraction");

const INSTRUCTIONS = [
  "You are reviewing the conversation turn that just ended.",
  "Write down durable preferences or facts worth keeping for future sessions as JSON lines {\"fact\": \"...\"}.",
  "Write nothing if there is nothing to keep.",
].join("\n");

export const rememberedFacts = new Map<string, string[]>();

function parseFacts(output: string): string[] {
  const facts: string[] = [];
  for (const line of output.split("\n")) {
    try {
      const parsed = JSON.parse(line) as { fact?: unknown };
      if (typeof parsed.fact === "string") facts.push(parsed.fact);
    } catch {
      // not a fact line
    }
  }
  return facts;
}

/** Post-turn memory extraction, one level below the execution that closed the turn. */
export async function runMemoryExtraction(host: ExecutionHost, source: AgentExecution): Promise<void> {
  const memoryExecution = new AgentExecution({
    agentName: MEMORY_AGENT,
    skipHooks: true,
    sessionServices: source.sessionServices,
    promptContext: source.promptContext,
    signal: source.abortController.signal,
    subExecutionDepth: source.subExecutionDepth + 1,
  });
  try {
    const output = await host.runExecution(memoryExecution, INSTRUCTIONS);
    const facts = parseFacts(output);
    if (facts.length > 0) {
      const sessionId = source.sessionServices.sessionId;
      rememberedFacts.set(sessionId, [...(rememberedFacts.get(sessionId) ?? []), ...facts]);
    }
  } catch (err) {
    memoryLog.warn(`memory extraction failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
