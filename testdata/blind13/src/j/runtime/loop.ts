import { logInfo, logWarn } from "../core/log";
import type { AgentExecution } from "../execution/agent-execution";
import { injectLiveSteering } from "../steering/inject";
import { toolHandlers } from "./tools";
import type { ContextItem, Model, ModelReply, SteerTarget, ToolCall } from "./types";

const MAX_STEPS = 50;
const MAX_DRAIN_RETRIES = 3;

interface LoopState {
  execution: AgentExecution;
  context: ContextItem[];
  reply?: ModelReply;
  iteration: number;
}

/** End-of-turn check: false sends the execution back through MODEL_INVOKE. */
function shouldEndTurn({ execution }: LoopState): boolean {
  if (!execution.hasQueuedUserMessage()) return true;
  if (execution.drainRetryCount === MAX_DRAIN_RETRIES) {
    logWarn(`[LiveSteeringHook] ${execution.agentName}: drain retries exhausted, ending with steering queued`);
    return true;
  }
  execution.drainRetryCount += 1;
  logInfo(`[LiveSteeringHook] ${execution.agentName}: queued steering found at end of turn, continuing`);
  return false;
}

export function createAgentRunner(model: Model, session: SteerTarget) {
  async function modelInvoke(state: LoopState): Promise<LoopState> {
    const { execution } = state;
    execution.handledSteeringIds.push(...injectLiveSteering(execution));
    const steering = execution.drainQueuedUserMessages();
    const context = steering.length === 0 ? state.context : [...state.context, ...steering.map((text): ContextItem => ({ role: "user", text, synthetic: true }))];
    execution.state = { ...state, context };
    let reply: ModelReply;
    try {
      reply = await model.invoke(execution, context);
    } catch (cause) {
      execution.sessionServices.steering.closeWindow("model_settle_failed");
      throw cause;
    }
    return { execution, reply, context: [...context, { role: "assistant", text: reply.text ?? "" }], iteration: state.iteration + 1 };
  }

  async function runTools(state: LoopState, calls: ToolCall[]): Promise<LoopState> {
    const ctx = { execution: state.execution, session, signal: state.execution.abortController.signal, runExecution };
    const results: ContextItem[] = [];
    for (const call of calls) {
      const handler = Object.hasOwn(toolHandlers, call.name) ? toolHandlers[call.name] : undefined;
      results.push({ role: "tool", text: handler ? await handler(call, ctx) : `unknown tool ${call.name}` });
    }
    return { ...state, context: [...state.context, ...results] };
  }

  async function runExecution(execution: AgentExecution, input: string): Promise<string> {
    let state: LoopState = { execution, context: [{ role: "user", text: input }], iteration: 0 };
    let steps = 0;
    while (steps++ < MAX_STEPS) {
      state = await modelInvoke(state);
      const calls = state.reply?.toolCalls ?? [];
      if (calls.length > 0) {
        state = await runTools(state, calls);
        continue;
      }
      if (shouldEndTurn(state)) return state.reply?.text ?? "";
    }
    logWarn(`[AgentLoop] step limit reached for ${execution.agentName}`);
    return state.reply?.text ?? "";
  }

  return { runExecution };
}
