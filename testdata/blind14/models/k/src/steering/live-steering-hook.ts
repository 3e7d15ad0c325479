import type { AgentExecution } from "../agent/execution";
import { createLogger } from "../util/logger";
import type { SteeringEvents } from "./events";

const log = createLogger("kas.steering");

const RECAP_PREAMBLE =
  "While you delegated work to subagent(s), the user sent the message below. It was already seen by another agent; fold it into your recap and your next steps.";
const ACTIVE_PREAMBLE =
  "The user sent the message below while you were working. Adjust your approach as the currently active agent.";
const NOTIFICATION_SUFFIX = "(This notification is informational only; it needs no reply.)";

/**
 * Delivers live steering at MODEL_INVOKE: every message the execution has not read yet
 * is wrapped in a prompt and queued for the execution's next model call.
 */
export class LiveSteeringHook {
  constructor(private readonly events: SteeringEvents) {}

  async beforeModelInvoke(execution: AgentExecution): Promise<number> {
    const buffer = execution.sessionServices.liveSteering;
    const injected: string[] = [];
    while (execution.steeringReaderIndex < buffer.messages.length) {
      const message = buffer.messages[execution.steeringReaderIndex];
      execution.steeringReaderIndex++;
      let prompt: string;
      switch (message.kind) {
        case "user": {
          const handledElsewhere = [...message.handlers].some((handler) => handler !== execution.executionId);
          prompt = handledElsewhere
            ? `${RECAP_PREAMBLE}\n[STEERING ${message.id}] ${message.text}`
            : `${ACTIVE_PREAMBLE}\n[STEERING ${message.id}] ${message.text}`;
          break;
        }
        default:
          prompt = `[NOTIFY ${message.id}] ${message.text}\n${NOTIFICATION_SUFFIX}`;
      }
      execution.queueUserMessage(prompt);
      execution.injectedSteeringIds.push(message.id);
      injected.push(message.id);
      log.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
      );
    }
    if (injected.length > 0) {
      this.events.injected(execution.executionId, injected);
      this.events.cleared(injected, "injected");
    }
    return injected.length;
  }
}
