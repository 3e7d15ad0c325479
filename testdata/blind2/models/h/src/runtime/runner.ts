import type { AgentExecution } from "./agent-execution";
import { compactIfNeeded } from "../context/compaction";
import { runTool, type ToolCall } from "../tools/registry";

export const enum Step {
  ModelInvoke = "MODEL_INVOKE",
  ToolExecution = "TOOL_EXECUTION",
  EndOfTurn = "END_OF_TURN",
}

export interface ModelOutput {
  text: string;
  toolCalls: ToolCall[];
}

export class SettleError extends Error {
  readonly name = "SettleError";
}

const MAX_DRAIN_RETRIES = 8;

async function settle(pending: Promise<{ text?: string; toolCalls?: unknown[] }>): Promise<ModelOutput> {
  try {
    const raw = await pending;
    return { text: raw?.text ?? "", toolCalls: (raw?.toolCalls ?? []) as ToolCall[] };
  } catch (cause) {
    throw new SettleError(`model did not settle: ${String(cause)}`, { cause });
  }
}

/** One execution's graph, as a stream of the nodes it passes through. */
export async function* executionSteps(execution: AgentExecution): AsyncGenerator<{ step: Step; execution: AgentExecution }, ModelOutput> {
  const services = execution.sessionServices;
  for (;;) {
    yield { step: Step.ModelInvoke, execution };
    await compactIfNeeded(execution);
    await services.events.emitSerial("beforeModelInvoke", { execution, services });
    execution.flushPending();
    const output = await settle(services.model.invoke(execution, execution.messages));
    execution.messages.push({ role: "assistant", text: output.text });
    if (output.toolCalls.length) {
      yield { step: Step.ToolExecution, execution };
      for (const call of output.toolCalls) {
        execution.messages.push({ role: "tool", text: await runTool(call, execution) });
      }
      continue;
    }
    yield { step: Step.EndOfTurn, execution };
    if (execution.hasQueuedUserMessage() && execution.drainRetryCount++ < MAX_DRAIN_RETRIES) continue;
    return output;
  }
}

export async function runExecution(execution: AgentExecution): Promise<ModelOutput> {
  const { events } = execution.sessionServices;
  events.emit("executionStarted", execution);
  try {
    const steps = executionSteps(execution);
    for (;;) {
      if (execution.abortController.signal.aborted) throw execution.abortController.signal.reason;
      const next = await steps.next();
      if (next.done) return next.value;
      events.emit("step", next.value);
    }
  } finally {
    events.emit("executionFinished", execution);
  }
}
