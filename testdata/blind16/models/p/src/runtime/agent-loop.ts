import { compactTranscript, COMPACTION_THRESHOLD } from "./background/compaction";
import { clearSteeringAtTurnBoundary } from "./boundary";
import type { AgentExecution } from "./execution";
import { logInfo, logWarn } from "./logger";
import { injectLiveSteering } from "./steering/inject";
import type { Toolbox } from "./tools/toolbox";
import type { ChatModel, ContextItem, ModelReply, RunExecution } from "./types";

const MAX_DRAIN_RETRIES = 2;
const MAX_LOOP_STEPS = 50;

export interface LoopDeps {
  model: ChatModel;
  toolbox: Toolbox;
  runChild: RunExecution;
}

/** End-of-turn check: may this execution stop, or is steering still waiting for it? */
export function shouldContinueTurn(exec: AgentExecution): boolean {
  if (!exec.hasQueuedUserMessage()) {
    exec.drainRetryCount = 0;
    return false;
  }
  if (exec.drainRetryCount >= MAX_DRAIN_RETRIES) {
    logWarn(`[LiveSteeringHook] ${exec.agentName} still has queued steering after ${MAX_DRAIN_RETRIES} retries; ending turn`);
    exec.drainRetryCount = 0;
    return false;
  }
  exec.drainRetryCount += 1;
  logInfo(`[LiveSteeringHook] queued user message found for ${exec.agentName}; continuing`);
  return true;
}

async function modelInvoke(deps: LoopDeps, exec: AgentExecution, transcript: ContextItem[]): Promise<ModelReply> {
  const delivered = await injectLiveSteering(exec);
  for (const text of exec.takeQueuedUserMessages()) transcript.push({ role: "user", text });
  let reply: ModelReply;
  try {
    reply = await deps.model.invoke(exec, transcript.slice());
  } catch (error) {
    logWarn(`[ModelInvoke] ${exec.agentName}: model response failed to settle: ${String(error)}`);
    clearSteeringAtTurnBoundary(exec.sessionServices, "model_settle_failed");
    throw error;
  }
  // The model has now answered with these messages in front of it.
  for (const id of delivered) exec.sessionServices.steering.acknowledge(id, exec.executionId);
  return reply;
}

export async function runAgentLoop(deps: LoopDeps, exec: AgentExecution, prompt: string): Promise<string> {
  let transcript: ContextItem[] = [{ role: "user", text: prompt }];
  for (let step = 0; step < MAX_LOOP_STEPS; step++) {
    if (exec.abortController.signal.aborted) throw new Error(`${exec.agentName} was cancelled`);
    if (transcript.length > COMPACTION_THRESHOLD) transcript = await compactTranscript(exec, transcript, deps.runChild);
    const reply = await modelInvoke(deps, exec, transcript);
    transcript.push({ role: "assistant", text: reply.text ?? "" });
    const calls = reply.toolCalls ?? [];
    if (calls.length > 0) {
      for (const call of calls) transcript.push({ role: "tool", text: await deps.toolbox.dispatch(call, exec) });
      continue;
    }
    if (shouldContinueTurn(exec)) continue;
    return reply.text ?? "";
  }
  logWarn(`[AgentLoop] ${exec.agentName} hit the step limit (${MAX_LOOP_STEPS})`);
  return "";
}
