import type { ExecutionState } from "./execution-graph";
import { GraphNode, MAX_STEERING_DRAIN_RETRIES } from "./constants";

export function endOfTurn(state: ExecutionState): GraphNode {
  const { execution } = state;
  if (execution.hasQueuedSteering()) {
    if (execution.drainRetryCount < MAX_STEERING_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      return GraphNode.ModelInvoke;
    }
    execution.steeringExhausted = true;
    execution.sessionServices.logger.warn(`[EndOfTurn] ${execution.agentName}: steering still queued after ${MAX_STEERING_DRAIN_RETRIES} retries`);
  }
  return GraphNode.Done;
}
