import { log } from "../common/log";
import type { AgentExecution } from "../agent/agent-execution";
import type { SessionUpdateSink } from "../session/session-updates";
import type { SteeringMessage } from "./types";

const RECAP_PREAMBLE =
  "While you delegated work to subagent(s), the user sent the message below. A subagent has already acted on it; take its result into account and do not repeat that work.";
const ACTIVE_PREAMBLE =
  "The user sent the message below while you were working. Adjust your approach as the currently active agent, and say briefly how you took it into account.";
const NOTICE_PREAMBLE = "The following notification is informational only. Do not reply to it unless it changes your task.";

/**
 * Live steering: before every model call, hand the execution whatever arrived in the
 * session's steering buffer since it last looked.
 */
export class LiveSteeringHook {
  constructor(private readonly updates: SessionUpdateSink) {}

  async beforeModelInvoke(execution: AgentExecution): Promise<number> {
    const buffer = execution.sessionServices.steeringBuffer;
    const injected: string[] = [];
    while (execution.steeringReaderIndex < buffer.size()) {
      const message = buffer.at(execution.steeringReaderIndex++);
      if (!message) break;
      execution.enqueueUserMessage(this.wrapForPrompt(execution, message));
      execution.receivedSteeringIds.push(message.id);
      injected.push(message.id);
      log.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
      );
    }
    if (injected.length > 0) {
      this.updates.steering("steering_injected", injected, { executionId: execution.executionId });
      this.updates.steering("steering_cleared", injected, { executionId: execution.executionId });
    }
    return injected.length;
  }

  private wrapForPrompt(execution: AgentExecution, message: SteeringMessage): string {
    switch (message.kind) {
      case "user": {
        for (const handler of message.handlers) {
          if (handler !== execution.executionId) {
            return `${RECAP_PREAMBLE}\n[STEERING ${message.id}] ${message.text}`;
          }
        }
        return `${ACTIVE_PREAMBLE}\n[STEERING ${message.id}] ${message.text}`;
      }
      default:
        return `${NOTICE_PREAMBLE}\n[NOTIFY ${message.id}] ${message.text}`;
    }
  }
}
