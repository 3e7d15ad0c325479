// Decides what follows a final response: end the execution's turn, or go back to the model
// because steering arrived that it has not seen yet.
import type { AgentExecution } from "./agent-execution.js";
import { log } from "../infra/log.js";
import { traced } from "../infra/telemetry.js";

export type GraphNode = "MODEL_INVOKE" | "TOOLS" | "FINAL_RESPONSE" | "END";

export class TurnEndPolicy {
  constructor(readonly maxDrainRetries = 3) {}

  @traced("graph.turn-end")
  afterFinalResponse(execution: AgentExecution): GraphNode {
    const pending = execution.hasUnreadSteering();
    if (pending && execution.drainRetryCount < this.maxDrainRetries) {
      execution.drainRetryCount++;
      log.info(`[LiveSteeringHook] Queued user message found for ${execution.describe()} - continuing`);
      return "MODEL_INVOKE";
    }
    if (pending) {
      log.warn(`[LiveSteeringHook] ${execution.describe()}: retry limit (${this.maxDrainRetries}) reached with steering queued`);
    }
    execution.drainRetryCount = 0;
    return "END";
  }
}
