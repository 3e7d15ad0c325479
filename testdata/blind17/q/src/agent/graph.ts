import type { ModelResponse } from "../types.js";
import type { AgentExecution } from "./agent-execution.js";
import { injectLiveSteering } from "../steering/live-steering-hook.js";
import { compactIfNeeded } from "../context/compaction.js";
import { runHooks } from "../tools/hooks.js";

export const NODE = {
  MODEL_INVOKE: "model_invoke",
  TOOLS: "tools",
  END_OF_TURN: "end_of_turn",
  DONE: "done",
  EXHAUSTED: "exhausted",
} as const;

export type NodeName = (typeof NODE)[keyof typeof NODE];

export interface GraphState {
  execution: AgentExecution;
  step: number;
  lastResponse?: ModelResponse;
}

export const MAX_DRAIN_RETRIES = 3;
const MAX_STEPS = 256;

async function invokeModel(state: GraphState): Promise<GraphState> {
  const execution = state.execution;
  const steeringPrompts = execution.takePendingSteering();
  if (steeringPrompts.length > 0) execution.messages.push(...steeringPrompts);
  if (!execution.skipHooks) await runHooks("preModelInvoke", execution);
  const response = await execution.sessionServices.model.invoke(execution, execution.messages.slice(), execution.abortController.signal);
  execution.messages.push({ role: "assistant", text: response.text });
  return { ...state, step: state.step + 1, lastResponse: response };
}

const nodes: Record<"model_invoke" | "tools" | "end_of_turn", (state: GraphState) => Promise<GraphState>> = {
  async [NODE.MODEL_INVOKE](r) {
    await compactIfNeeded(r.execution);
    await injectLiveSteering(r.execution);
    r = await invokeModel(r);
    r.execution.state = r;
    return r;
  },
  async [NODE.TOOLS](state) {
    const { execution } = state;
    for (const call of state.lastResponse?.toolCalls ?? []) {
      if (execution.abortController.signal.aborted) break;
      if (!execution.skipHooks) await runHooks("preToolUse", execution, call);
      const result = await execution.sessionServices.tools.dispatch(call, execution);
      execution.messages.push({ role: "tool", text: result, toolCallId: call.name });
    }
    return state;
  },
  async [NODE.END_OF_TURN](state) {
    if (!state.execution.skipHooks) await runHooks("stop", state.execution);
    return state;
  },
};

const edges: Record<"model_invoke" | "tools" | "end_of_turn", (state: GraphState) => NodeName> = {
  [NODE.MODEL_INVOKE]: (s) => ((s.lastResponse?.toolCalls.length ?? 0) > 0 ? NODE.TOOLS : NODE.END_OF_TURN),
  [NODE.TOOLS]: () => NODE.MODEL_INVOKE,
  [NODE.END_OF_TURN]: (s) =>
    s.execution.hasQueuedUserMessage() ? (s.execution.drainRetryCount++ < MAX_DRAIN_RETRIES ? NODE.MODEL_INVOKE : NODE.EXHAUSTED) : NODE.DONE,
};

/** Runs an execution through the agent graph until it is done or out of retries. */
export async function runExecutionGraph(execution: AgentExecution): Promise<NodeName> {
  const { bus } = execution.sessionServices;
  bus.emit("execution/started", { executionId: execution.executionId, agentName: execution.agentName, depth: execution.subExecutionDepth });
  let state: GraphState = { execution, step: 0 };
  let node: NodeName = NODE.MODEL_INVOKE;
  let steps = 0;
  while (node !== NODE.DONE && node !== NODE.EXHAUSTED) {
    if (execution.abortController.signal.aborted) throw execution.abortController.signal.reason ?? new Error("aborted");
    if (++steps > MAX_STEPS) throw new Error(`execution ${execution.executionId} exceeded ${MAX_STEPS} steps`);
    state = await nodes[node](state);
    node = edges[node](state);
  }
  bus.emit("execution/finished", { executionId: execution.executionId, agentName: execution.agentName, outcome: node });
  return node;
}
