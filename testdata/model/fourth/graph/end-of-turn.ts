import type { TurnState } from "./turn-graph";

// How often one execution may go back to MODEL_INVOKE for steering that is still queued.
export const MAX_DRAIN_RETRIES = 3;

export interface EndOfTurnTargets<T> {
  continueTarget: T;
  doneTarget: T;
}

export function makeEndOfTurnRouter<T>({ continueTarget, doneTarget }: EndOfTurnTargets<T>): (state: TurnState) => T {
  return (state) => {
    const execution = state.execution;
    if (!execution.hasQueuedUserMessage()) return doneTarget;
    if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      execution.drainRetryCount += 1;
      execution.sessionServices.log.debug(`[EndOfTurn] ${execution.agentName} has steering queued, retry ${execution.drainRetryCount}`);
      return continueTarget;
    }
    execution.steeringExhausted = true;
    execution.sessionServices.log.warn(`[EndOfTurn] giving up on queued steering for ${execution.agentName} after ${MAX_DRAIN_RETRIES} retries`);
    return doneTarget;
  };
}
