import { Injectable } from "../di/container";
import { TURN_ROUTES } from "../di/tokens";
import { Route, type GraphState, type RouteTargets } from "./graph";
import { GraphNode } from "./nodes";

export const MAX_DRAIN_RETRIES = 10;

@Injectable(TURN_ROUTES)
export class TurnRoutes {
  @Route(GraphNode.FinalResponse)
  afterFinalResponse(state: GraphState, targets: RouteTargets): GraphNode {
    const execution = state.execution;
    const steeringPending = execution.hasQueuedUserMessage();
    if (steeringPending && execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount += 1;
      return targets.continueTarget;
    }
    return targets.doneTarget;
  }
}
