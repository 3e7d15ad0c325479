import { logger } from "../lib/log.js";
import { TAG, injectLiveSteering } from "../steering/inject.js";
import { clearSteeringAtTurnBoundary } from "../session/turn-boundary.js";
import { COMPACTION_THRESHOLD, compactConversation } from "../context/compaction.js";

export const MODEL_INVOKE = "MODEL_INVOKE";
export const TOOL_EXECUTION = "TOOL_EXECUTION";
export const END = "__end__";

const MAX_STEERING_REENTRIES = 3;
const MAX_HOPS = 80;

/**
 * @typedef {{ role: string, text: string }} Message
 * @typedef {{ execution: import("./agent-execution.js").AgentExecution, messages: Message[], iteration: number,
 *   response?: { text: string, toolCalls: any[] }, runner: any, session: any }} GraphState
 */

/**
 * End of turn: a final response with steering still queued for the execution
 * goes back through MODEL_INVOKE, at most MAX_STEERING_REENTRIES times.
 * @param {GraphState} state
 * @param {{ continueTarget: string, endTarget: string }} targets
 */
export function routeEndOfTurn(state, targets) {
  const { execution } = state;
  if (!execution.hasQueuedUserMessage()) return targets.endTarget;
  if (execution.drainRetryCount >= MAX_STEERING_REENTRIES) {
    logger.warn(`${TAG} ${execution.agentName}: steering still queued after ${execution.drainRetryCount} re-entries, ending`);
    return targets.endTarget;
  }
  execution.drainRetryCount++;
  logger.info(`${TAG} Queued user message found - continuing`);
  return targets.continueTarget;
}

/** @param {GraphState} state */
function withQueuedPrompts(state) {
  const queued = state.execution.drainQueuedUserMessages();
  if (queued.length === 0) return state;
  logger.debug(`appending ${queued.length} queued steering prompt(s) for ${state.execution.agentName}`);
  return { ...state, messages: state.messages.concat(queued.map((text) => ({ role: "user", text }))), iteration: 0 };
}

/** @param {{ invoke: Function }} model */
function modelInvokeNode(model) {
  /** @param {GraphState} state */
  return async (state) => {
    let s = state;
    if (s.messages.length > COMPACTION_THRESHOLD) s = await compactConversation(s);
    await injectLiveSteering(s.execution);
    s = withQueuedPrompts(s);
    s.execution.state = s;
    let reply;
    try {
      reply = await model.invoke(s.execution, s.messages);
    } catch (err) {
      logger.error(`model call for ${s.execution.agentName} failed to settle`, err);
      clearSteeringAtTurnBoundary(s.execution.sessionServices, "model_settle_failure");
      throw err;
    }
    const text = reply?.text ?? "";
    return {
      ...s,
      iteration: s.iteration + 1,
      response: { text, toolCalls: reply?.toolCalls ?? [] },
      messages: [...s.messages, { role: "assistant", text }],
    };
  };
}

/** @param {Map<string, { run: Function }>} tools */
function toolExecutionNode(tools) {
  /** @param {GraphState} state */
  return async (state) => {
    const results = [];
    for (const call of state.response?.toolCalls ?? []) {
      const tool = tools.get(call.name);
      const output = tool ? await tool.run(call, state) : `unknown tool: ${call.name}`;
      results.push({ role: "tool", text: String(output) });
    }
    return { ...state, messages: [...state.messages, ...results] };
  };
}

/**
 * @param {{ model: { invoke: Function }, tools: Map<string, { run: Function }> }} deps
 */
export function createAgentGraph({ model, tools }) {
  const nodes = {
    [MODEL_INVOKE]: modelInvokeNode(model),
    [TOOL_EXECUTION]: toolExecutionNode(tools),
  };
  const edges = {
    /** @param {GraphState} s */
    [MODEL_INVOKE]: (s) =>
      s.response && s.response.toolCalls.length > 0
        ? TOOL_EXECUTION
        : routeEndOfTurn(s, { continueTarget: MODEL_INVOKE, endTarget: END }),
    [TOOL_EXECUTION]: () => MODEL_INVOKE,
  };
  return {
    /** @param {GraphState} initial */
    async invoke(initial) {
      let state = initial;
      let node = MODEL_INVOKE;
      for (let hop = 0; node !== END; hop++) {
        if (hop === MAX_HOPS) {
          logger.warn(`hop limit reached in ${state.execution.agentName}`);
          break;
        }
        if (state.execution.abortController.signal.aborted) break;
        state = await nodes[node](state);
        node = edges[node](state);
      }
      return state;
    },
  };
}
