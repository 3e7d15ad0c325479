import { Logger } from "../util/logger";
import type { AgentExecution } from "../agent/agent-execution";
import type { SessionEventAdapter } from "../session/session-services";

const log = new Logger("LiveSteering");

/** Moves live steering from the session buffer into an execution's prompt queue. */
export class LiveSteeringHook {
  readonly name = "LiveSteeringHook";

  constructor(private readonly events: SessionEventAdapter) {}

  async beforeModelInvoke(execution: AgentExecution): Promise<number> {
    const buffer = execution.sessionServices.liveSteering;
    const pending = buffer.store.list;
    const injected: string[] = [];
    while (execution.steeringReaderIndex < pending.length) {
      const message = pending[execution.steeringReaderIndex];
      execution.steeringReaderIndex += 1;
      let wrapped: string;
      switch (message.kind) {
        case "user": {
          const elsewhere = [...message.handlers].some((handler) => handler !== execution.executionId);
          wrapped = elsewhere
            ? `While you delegated work to subagent(s), the user sent the message below; the subagent(s) have already acted on it. Fold it into your summary.\n[STEERING ${message.id}] ${message.text}`
            : `The user sent a message while you were working. Adjust your approach as the currently active agent and say how you handled it.\n[STEERING ${message.id}] ${message.text}`;
          break;
        }
        default:
          wrapped = `Informational only, do not reply to it.\n[NOTIFY ${message.id}] ${message.text}`;
      }
      execution.enqueueUserMessage(wrapped);
      execution.deliveredSteeringIds.push(message.id);
      injected.push(message.id);
      log.info(`[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`);
    }
    if (injected.length > 0) {
      this.events.sessionInfo("steering_injected", { executionId: execution.executionId, messageIds: injected });
      this.events.sessionInfo("steering_cleared", { messageIds: injected });
    }
    return injected.length;
  }
}
