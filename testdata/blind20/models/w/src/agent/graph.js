// src/agent/graph.ts — the execution graph: MODEL_INVOKE -> TOOL_EXEC | FINAL_RESPONSE -> END
import { injectLiveSteering } from "../steering/live-steering-hook.js";
import { logger } from "../util/logger.js";
import { short } from "../util/ids.js";

export const Nodes = Object.freeze({
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXEC: "TOOL_EXEC",
  FINAL_RESPONSE: "FINAL_RESPONSE",
  END: "END",
});

const MAX_DRAIN_RETRIES = 3;

async function invokeModel(state) {
  const execution = state.execution;
  const queued = execution.takeQueuedMessages();
  for (const message of queued) execution.messages.push(message);
  const model = execution.sessionServices.model;
  const response = await model.invoke(execution, execution.messages.slice());
  execution.messages.push({ role: "assistant", text: response?.text ?? "" });
  // the model has now seen these messages: record it as their handler
  for (const message of queued) {
    if (message.meta?.steeringId) execution.sessionServices.steering.acknowledge(message.meta.steeringId, execution.executionId);
  }
  return { ...state, response: { text: response?.text ?? "", toolCalls: response?.toolCalls ?? [] }, modelCalls: state.modelCalls + 1 };
}

export function routeFinalResponse(state, targets) {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      logger.debug(`[Graph] steering queued at end of turn for ${execution.agentName}; looping (${execution.drainRetryCount})`);
      return targets.continueTarget;
    }
    logger.warn(`[Graph] steering still queued for ${execution.agentName} after ${execution.drainRetryCount} retries`);
  }
  return targets.doneTarget;
}

function createNodes(run) {
  return {
    [Nodes.MODEL_INVOKE]: async (state) => {
      await injectLiveSteering(state.execution);
      state = await invokeModel(state);
      state.execution.state = state;
      return [state, state.response.toolCalls.length > 0 ? Nodes.TOOL_EXEC : Nodes.FINAL_RESPONSE];
    },
    [Nodes.TOOL_EXEC]: async (state) => {
      const { execution } = state;
      const tools = execution.sessionServices.tools;
      for (const call of state.response.toolCalls) {
        const handler = tools[call.name];
        let output;
        try {
          output = handler ? await handler(call, { execution, run }) : `unknown tool ${call.name}`;
        } catch (error) {
          output = `tool ${call.name} failed: ${error?.message ?? error}`;
        }
        execution.messages.push({ role: "tool", text: String(output) });
      }
      return [state, Nodes.MODEL_INVOKE];
    },
    [Nodes.FINAL_RESPONSE]: async (state) => [
      state,
      routeFinalResponse(state, { continueTarget: Nodes.MODEL_INVOKE, doneTarget: Nodes.END }),
    ],
  };
}

export async function runExecution(execution, input) {
  const services = execution.sessionServices;
  const nodes = createNodes(runExecution);
  services.lifecycle.started(execution);
  try {
    execution.messages.push({ role: "user", text: input });
    let state = { execution, response: null, modelCalls: 0 };
    let target = Nodes.MODEL_INVOKE;
    while (target !== Nodes.END) {
      if (execution.abortController.signal.aborted) {
        const error = new Error("execution aborted");
        error.name = "AbortError";
        throw error;
      }
      [state, target] = await nodes[target](state);
    }
    logger.debug(`[Graph] ${execution.agentName} (${short(execution.executionId)}) finished after ${state.modelCalls} call(s)`);
    return state;
  } finally {
    services.lifecycle.finished(execution);
  }
}
