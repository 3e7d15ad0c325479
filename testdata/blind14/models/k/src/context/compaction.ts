import { AgentExecution } from "../agent/execution";
import type { TurnState } from "../graph/nodes";
import type { ExecutionRunner } from "../graph/turn-graph";
import { createLogger } from "../util/logger";

const log = createLogger("kas.compaction");

export const COMPACTION_THRESHOLD = 400;
const KEEP_TAIL = 40;

/** Summarises the older part of a long context through a dedicated summariser execution. */
export async function compactContext(state: TurnState, runner: ExecutionRunner): Promise<TurnState> {
  const parent = state.execution;
  const head = state.context.slice(0, state.context.length - KEEP_TAIL);
  const summarizer = new AgentExecution({
    sessionServices: parent.sessionServices,
    promptContext: { ...parent.promptContext, mode: "compaction" },
    signal: parent.abortController.signal,
    subExecutionDepth: parent.subExecutionDepth + 1,
    agentName: "context-compactor",
  });
  const transcript = head.map((m) => `${m.role}: ${m.text}`).join("\n");
  const summary = await runner.runExecution(summarizer, `Summarise this conversation so far:\n${transcript}`);
  log.info(`compacted ${head.length} message(s) of ${parent.describe()}`);
  return { ...state, context: [{ role: "user", text: `Summary of earlier conversation: ${summary}` }, ...state.context.slice(-KEEP_TAIL)] };
}
