import { scoped } from "../util/log";
import type { GraphState, GraphNodeName, RouteTargets } from "./state";

const log = scoped("LiveSteeringHook");
export const MAX_DRAIN_RETRIES = 3;

/** End of turn: loop back through MODEL_INVOKE while steering is still queued for this execution. */
export function routeFinalResponse(state: GraphState, targets: RouteTargets): GraphNodeName {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount++;
      log.info(`queued steering for ${execution.agentName}, continuing (retry ${execution.drainRetryCount})`);
      return targets.continueTarget;
    }
    log.warn(`drain retry limit reached for ${execution.agentName}; ending with steering queued`);
  }
  execution.drainRetryCount = 0;
  return targets.terminationTarget;
}
