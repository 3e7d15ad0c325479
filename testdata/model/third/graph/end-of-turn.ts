import { GraphNode, type TurnGraphState } from "./graph-node";

/** How often one execution may loop back through MODEL_INVOKE for late steering. */
export const MAX_STEERING_DRAIN_RETRIES = 3;

/**
 * END_OF_TURN: the model produced a final message. If steering is still queued
 * for this execution, go round MODEL_INVOKE again (at most
 * MAX_STEERING_DRAIN_RETRIES times) instead of finishing.
 */
export function resolveEndOfTurn(state: TurnGraphState): GraphNode {
  const execution = state.execution;
  if (!execution.hasPendingSteering()) return GraphNode.Done;
  if (execution.drainRetryCount >= MAX_STEERING_DRAIN_RETRIES) {
    execution.steeringExhausted = true;
    execution.sessionServices.logger.warn(
      `[EndOfTurn] steering still queued for ${execution.agentName} after ${execution.drainRetryCount} retries`,
    );
    return GraphNode.Done;
  }
  execution.drainRetryCount++;
  return GraphNode.ModelInvoke;
}
