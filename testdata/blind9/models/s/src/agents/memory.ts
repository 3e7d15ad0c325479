// Memory extraction at the end of a turn.

import { AgentExecution } from "../runtime/execution";
import type { ExecutionRunner } from "./subagent";

const EXTRACTION_PROMPT = "Extract durable user preferences and project facts from the turn that just ended.";

export async function runMemoryExtraction(owner: AgentExecution, run: ExecutionRunner): Promise<string> {
  if (!owner.sessionServices.config.agents.memoryExtraction) return "";
  const extraction = new AgentExecution({
    agentName: "memory-extraction",
    skipHooks: true,
    sessionServices: owner.sessionServices,
    promptContext: owner.promptContext,
    signal: owner.abortController.signal,
    subExecutionDepth: owner.subExecutionDepth + 1,
  });
  const result = await run(extraction, EXTRACTION_PROMPT);
  return result.reply?.text ?? "";
}
