import { createLogger } from "../util/logger";
import { GraphNode, type AgentGraphState, type GraphNodeName } from "./nodes";

const log = createLogger("LiveSteeringHook");

export const MAX_DRAIN_RETRIES = 3;

interface FinalResponseTargets {
  continueTarget: GraphNodeName;
  endTarget: GraphNodeName;
}

/** End-of-turn check: steering that arrived during the last model call keeps the turn going. */
export function routeFinalResponse(state: AgentGraphState, targets: FinalResponseTargets): GraphNodeName {
  const execution = state.execution;
  if (execution.hasQueuedUserMessage()) {
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount += 1;
      log.info(`Queued user message found - continuing ${execution.agentName}`);
      return targets.continueTarget;
    }
    log.warn(`drain retry limit reached for ${execution.agentName}; ending with steering still queued`);
  }
  execution.drainRetryCount = 0;
  return targets.endTarget;
}

export function routeAfterModelInvoke(state: AgentGraphState): GraphNodeName {
  if ((state.response?.toolCalls?.length ?? 0) > 0) return GraphNode.TOOLS;
  return routeFinalResponse(state, { continueTarget: GraphNode.MODEL_INVOKE, endTarget: GraphNode.END });
}
