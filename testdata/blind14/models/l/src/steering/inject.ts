import { ComponentLogger } from "../core/logging";
import type { AgentExecution } from "../runtime/agent-execution";
import { composeSteeringPrompt } from "./prompts";

const log = new ComponentLogger("steering");

/** MODEL_INVOKE step: hand the execution every steering entry past its cursor. */
export async function injectLiveSteering(execution: AgentExecution): Promise<void> {
  const { steeringInbox, notifier } = execution.sessionServices;
  const delivered: string[] = [];
  for (const [index, entry] of steeringInbox.entriesFrom(execution.steeringReaderIndex)) {
    execution.steeringReaderIndex = index + 1;
    execution.enqueueUserMessage(composeSteeringPrompt(entry, execution));
    execution.seenSteeringIds.add(entry.id);
    delivered.push(entry.id);
    log.info(
      `[LiveSteeringHook] injected steering ${entry.id} into ${execution.agentName} (${execution.shortId}) (handlers: ${entry.handlers.size})`,
    );
  }
  if (delivered.length === 0) return;
  notifier.emit("steering_injected", { executionId: execution.executionId, messageIds: delivered });
  notifier.emit("steering_cleared", { messageIds: delivered, reason: "delivered" });
}
