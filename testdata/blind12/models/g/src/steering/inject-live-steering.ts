import type { AgentExecution } from "../agent/agent-execution";
import { scoped } from "../util/log";

const log = scoped("LiveSteeringHook");

const DELEGATED_PREAMBLE =
  "While you delegated work to subagent(s), the user sent the message below. The subagent(s) already received it; fold what they did with it into your answer.";
const ACTIVE_PREAMBLE =
  "The user sent the message below while you were working. Adjust your approach as the currently active agent and mention how you did.";
const INFO_PREAMBLE = "Informational only - a status notification, no reply or action is needed.";

/**
 * MODEL_INVOKE: move every unread live-steering entry into the execution's
 * pending input, in arrival order. Returns the ids injected.
 */
export async function injectLiveSteering(execution: AgentExecution): Promise<string[]> {
  const { steeringBuffer, counters, updates } = execution.sessionServices;
  const entries = steeringBuffer.journal.entries;
  const injected: string[] = [];
  for (let i = execution.steeringReaderIndex; i < entries.length; i++) {
    const message = entries[i];
    execution.steeringReaderIndex = i + 1;
    let rendered: string;
    switch (message.kind) {
      case "user": {
        let elsewhere = false;
        for (const handler of message.handlers) {
          if (handler !== execution.executionId) {
            elsewhere = true;
            break;
          }
        }
        rendered = `${elsewhere ? DELEGATED_PREAMBLE : ACTIVE_PREAMBLE}\n[STEERING ${message.id}] ${message.text}`;
        break;
      }
      default:
        rendered = `${INFO_PREAMBLE}\n[NOTIFY ${message.id}] ${message.text}`;
    }
    execution.pushPendingInput(rendered);
    execution.deliveredSteeringIds.add(message.id);
    injected.push(message.id);
    counters.increment(`steering.injected.${message.kind}`);
    log.info(
      `injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
  if (injected.length > 0) {
    updates.steering("steering_injected", injected, execution.executionId);
    updates.steering("steering_cleared", injected, execution.executionId);
  }
  return injected;
}
