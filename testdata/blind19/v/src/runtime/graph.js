import { logger } from "./log.js";

export const MODEL_INVOKE = "model_invoke";
export const TOOLS = "tools";
export const FINAL_RESPONSE = "final_response";
export const DONE = "__done__";

const MAX_DRAIN_RETRIES = 6;

export function createFinalCheck({ continueTarget, doneTarget }) {
  return async (state) => {
    const execution = state.execution;
    if (execution.hasQueuedUserMessage()) {
      if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
        execution.drainRetryCount += 1;
        logger.debug(`steering queued for ${execution.agentName}, continuing`);
        return continueTarget;
      }
      logger.warn(`giving up on queued steering for ${execution.agentName}`);
    }
    return doneTarget;
  };
}

/** A small state graph: each node is (state) => next node name. */
export class AgentGraph {
  constructor(services) {
    this.services = services;
    this.nodes = {
      [MODEL_INVOKE]: (s) => this.invokeModel(s),
      [TOOLS]: (s) => this.runTools(s),
      [FINAL_RESPONSE]: createFinalCheck({ continueTarget: MODEL_INVOKE, doneTarget: DONE }),
    };
  }

  async invokeModel(state) {
    const { hooks, model } = this.services;
    await hooks.run("beforeModelInvoke", state.execution);
    const response = await model.invoke(state.execution, state.execution.contextForModel());
    state.execution.record("assistant", response.text ?? "");
    state.response = response;
    return response.toolCalls?.length ? TOOLS : FINAL_RESPONSE;
  }

  async runTools(state) {
    for await (const output of this.services.tools.dispatch(state.response.toolCalls, state.execution)) {
      state.execution.record("tool", output);
    }
    return MODEL_INVOKE;
  }

  async execute(execution) {
    const state = { execution, response: null };
    execution.state = state;
    let node = MODEL_INVOKE;
    while (node !== DONE) {
      if (execution.abortController.signal.aborted) throw new Error("execution aborted");
      node = await this.nodes[node](state);
    }
    return state.response?.text ?? "";
  }
}
