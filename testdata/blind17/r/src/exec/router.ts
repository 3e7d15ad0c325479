import type { LoopState } from "./loop.js";

export const Route = Object.freeze({ Tools: 1, ModelInvoke: 2, Done: 3, Exhausted: 4 } as const);
export type RouteValue = (typeof Route)[keyof typeof Route];

/** Decides where an execution goes after a model response. */
export class TurnRouter {
  constructor(private readonly maxDrainRetries: number) {}

  route(state: LoopState): RouteValue {
    const execution = state.execution;
    if (state.output && state.output.toolCalls.length > 0) return Route.Tools;
    if (!execution.hasQueuedUserMessage()) return Route.Done;
    if (execution.drainRetryCount >= this.maxDrainRetries) return Route.Exhausted;
    execution.drainRetryCount += 1;
    return Route.ModelInvoke;
  }
}
