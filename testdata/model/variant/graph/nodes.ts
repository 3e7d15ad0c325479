import type { AgentExecution, ModelTurn } from "../agent/execution";
import { drainLiveSteering } from "../steering/live-steering-hook";
import { executeTool } from "../tools/registry";

export const NodeId = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTE: "TOOL_EXECUTE",
  END_OF_TURN: "END_OF_TURN",
  DONE: "DONE",
} as const;
export type NodeId = (typeof NodeId)[keyof typeof NodeId];

// How often the end-of-turn check may send a turn back through MODEL_INVOKE.
export const MAX_DRAIN_RETRIES = 3;

export interface ExecutionState {
  execution: AgentExecution;
  node: NodeId;
  lastTurn?: ModelTurn;
  turns: number;
}

export class PromptError extends Error {}
export class ModelSettleError extends Error {}

async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  let { execution } = state;
  execution.takeQueuedSteering();
  let turn = await execution.sessionServices.model.invoke(execution);
  return { ...state, turns: state.turns + 1, lastTurn: turn };
}

async function modelInvokeNode(state: ExecutionState): Promise<ExecutionState> {
  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
  state.execution.state = state;
  let turn = state.lastTurn!;
  switch (turn.kind) {
    case "settle-fail":
      throw new ModelSettleError(turn.message);
    case "error":
      throw new PromptError(turn.message);
    case "tool":
      return { ...state, node: NodeId.TOOL_EXECUTE };
    default:
      return { ...state, node: NodeId.END_OF_TURN };
  }
}

function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
  let execution = state.execution;
  if (!execution.hasQueuedUserMessage()) {
    return targets.doneTarget;
  }
  if (execution.drainRetryCount >= MAX_DRAIN_RETRIES) {
    execution.sessionServices.logger.warn(`[EndOfTurn] steering still queued for ${execution.agentName} after ${MAX_DRAIN_RETRIES} retries`);
    execution.steeringExhausted = true;
    return targets.doneTarget;
  }
  execution.drainRetryCount += 1;
  execution.sessionServices.logger.debug(
    `[EndOfTurn] steering queued for ${execution.agentName}; continuing (${execution.drainRetryCount}/${MAX_DRAIN_RETRIES})`,
  );
  return targets.continueTarget;
}

export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {
  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
  for (;;) {
    if (state.node === NodeId.DONE) {
      return state;
    }
    if (execution.abortController.signal.aborted) {
      throw new DOMException("execution cancelled", "AbortError");
    }
    if (state.node === NodeId.MODEL_INVOKE) {
      state = await modelInvokeNode(state);
    } else if (state.node === NodeId.TOOL_EXECUTE) {
      await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>);
      state = { ...state, node: NodeId.MODEL_INVOKE };
    } else {
      state = { ...state, node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };
    }
  }
}
