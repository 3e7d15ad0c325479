import { logger } from "../support/logger.js";

export const MODEL_INVOKE = "MODEL_INVOKE";
export const TOOLS = "TOOLS";
export const FINAL_RESPONSE = "FINAL_RESPONSE";
export const END = "__end__";

export const MAX_DRAIN_RETRIES = 3;
const RECURSION_LIMIT = 50;

/** Conditional edge after the model answered with no tool call. */
export function routeFinalResponse(state, targets) {
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount++ < MAX_DRAIN_RETRIES) {
      logger.info("[LiveSteeringHook] Queued user message found - continuing");
      return targets.continueTarget;
    }
    logger.warn(`[LiveSteeringHook] ${state.execution.agentName}: drain retries exhausted, ending turn`);
  }
  state.execution.drainRetryCount = 0;
  return targets.endTarget;
}

/** A small state graph: nodes return a partial state; edges pick the next node. */
export class AgentGraph {
  constructor() {
    this.nodes = new Map();
    this.edges = new Map();
  }

  addNode(name, fn) {
    this.nodes.set(name, fn);
    return this;
  }

  addEdge(from, to) {
    this.edges.set(from, () => to);
    return this;
  }

  addConditionalEdges(from, router) {
    this.edges.set(from, router);
    return this;
  }

  async invoke(initial) {
    let state = initial;
    let node = MODEL_INVOKE;
    for (let steps = 0; node !== END; steps++) {
      if (steps >= RECURSION_LIMIT) {
        logger.warn(`[AgentGraph] recursion limit reached in ${state.execution.agentName}`);
        break;
      }
      state = { ...state, ...(await this.nodes.get(node)(state)) };
      node = this.edges.get(node)(state);
    }
    return state;
  }
}
