import { createLogger } from "../util/logger";
import { drainLiveSteering } from "../steering/live-steering-hook";
import { ModelSettleError, type ChatModel, type ContextMessage } from "../model/types";
import type { AgentGraphState, NodeHandler } from "./nodes";

const log = createLogger("ModelInvoke");

function appendQueuedSteering(state: AgentGraphState): AgentGraphState {
  const queued = state.execution.takeQueuedUserMessages();
  if (queued.length === 0) return state;
  log.debug(`appending ${queued.length} queued steering message(s) for ${state.execution.agentName}`);
  const additions: ContextMessage[] = queued.map((text) => ({ role: "user", text }));
  return { ...state, context: [...state.context, ...additions], agentIterationNumber: 0 };
}

export function createModelInvokeNode(model: ChatModel): NodeHandler {
  return async (state) => {
    const execution = state.execution;
    await execution.sessionServices.hooks.run(execution, "preModelInvoke");
    await drainLiveSteering(execution);
    const prepared = appendQueuedSteering(state);
    execution.abortController.signal.throwIfAborted();

    let response;
    try {
      response = await model.invoke(execution, prepared.context);
    } catch (err) {
      throw new ModelSettleError(`model call failed for ${execution.agentName}`, err);
    }
    if (response == null || typeof response !== "object") {
      throw new ModelSettleError(`model returned no settled response for ${execution.agentName}`);
    }

    // the model has now seen what the drain delivered: record this execution as a handler
    const { steering } = execution.sessionServices;
    for (const id of execution.deliveredSteering.splice(0)) steering.acknowledge(id, execution.executionId);

    await execution.sessionServices.hooks.run(execution, "postModelInvoke");
    return {
      ...prepared,
      context: [...prepared.context, { role: "assistant", text: response.text ?? "" }],
      response,
      agentIterationNumber: prepared.agentIterationNumber + 1,
    };
  };
}
