import type { AgentExecution } from "../agent/execution";
import { collectUnreadSteering } from "./steering-reader";

// Called at MODEL_INVOKE for every execution, root and sub alike. Reading the
// buffer (and moving the cursor) is steering-reader's job; this hands each
// collected message to the execution and logs the delivery. The loop body is
// expression statements only (no declarations, no early exits), so a minifier
// joins it into one comma expression and drops the braces.
export async function drainLiveSteering(execution: AgentExecution): Promise<void> {
  const pending = collectUnreadSteering(execution);
  const log = execution.sessionServices.logger;
  for (const message of pending) {
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    log.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
}
