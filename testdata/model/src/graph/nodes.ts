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

export class ModelSettleError extends Error {}
export class PromptError extends Error {}

async function invokeModel(state: ExecutionState): Promise<ExecutionState> {
  state.execution.takeQueuedSteering();
  const turn = await state.execution.sessionServices.model.invoke(state.execution);
  return { ...state, lastTurn: turn, turns: state.turns + 1 };
}

async function modelInvokeNode(state: ExecutionState): Promise<ExecutionState> {
  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
  state.execution.state = state;
  const turn = state.lastTurn!;
  if (turn.kind === "error") throw new PromptError(turn.message);
  if (turn.kind === "settle-fail") throw new ModelSettleError(turn.message);
  return { ...state, node: turn.kind === "tool" ? NodeId.TOOL_EXECUTE : NodeId.END_OF_TURN };
}

function endOfTurnNode(state: ExecutionState, targets: { continueTarget: NodeId; doneTarget: NodeId }): NodeId {
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      state.execution.drainRetryCount++;
      state.execution.sessionServices.logger.debug(
        `[EndOfTurn] steering queued for ${state.execution.agentName}; continuing (${state.execution.drainRetryCount}/${MAX_DRAIN_RETRIES})`,
      );
      return targets.continueTarget;
    }
    state.execution.steeringExhausted = true;
    state.execution.sessionServices.logger.warn(`[EndOfTurn] steering still queued for ${state.execution.agentName} after ${MAX_DRAIN_RETRIES} retries`);
  }
  return targets.doneTarget;
}

export async function runExecution(execution: AgentExecution): Promise<ExecutionState> {
  let state: ExecutionState = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
  while (state.node !== NodeId.DONE) {
    if (execution.abortController.signal.aborted) throw new DOMException("execution cancelled", "AbortError");
    switch (state.node) {
      case NodeId.MODEL_INVOKE:
        state = await modelInvokeNode(state);
        break;
      case NodeId.TOOL_EXECUTE:
        await executeTool(state, state.lastTurn as Extract<ModelTurn, { kind: "tool" }>);
        state = { ...state, node: NodeId.MODEL_INVOKE };
        break;
      case NodeId.END_OF_TURN:
        state = { ...state, node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };
        break;
    }
  }
  return state;
}
