// [LiveSteeringHook] Hands messages from the session's steering log to the execution that is
// about to call the model, and records acknowledgments when delegated work comes back.
import type { AgentExecution } from "../agent/execution.js";
import type { KasPlugin, LifecycleContext } from "../runtime/hooks.js";
import type { SessionUpdateChannel } from "../server/updates.js";
import { logger } from "../util/logger.js";
import { shortExecutionId } from "../util/ids.js";

const WORDING = {
  recap:
    "While you delegated work to subagent(s), the user sent the following message. It has already been seen by the subagent(s); take it into account in your summary.",
  active:
    "The user sent the following message while you were working. Adjust your approach as the currently active agent and acknowledge it briefly.",
  notice: "The following notification is informational only; do not reply to it.",
} as const;

export class LiveSteeringHook implements KasPlugin {
  readonly name = "live-steering";
  readonly critical = true;
  readonly order = 10;
  readonly handlers = {
    "model:before-invoke": (context: LifecycleContext) => this.drainInto(context.execution),
    "subagent:returned": (context: LifecycleContext) => this.acknowledgeDelegated(context),
  };

  constructor(private readonly updates: SessionUpdateChannel) {}

  /** Reads the log from the execution's cursor and queues every message into its prompt. */
  async drainInto(execution: AgentExecution): Promise<number> {
    const log = execution.sessionServices.steering;
    const injectedIds: string[] = [];
    for (let position = execution.steeringReaderIndex; position < log.messages.length; position++) {
      const message = log.messages[position];
      execution.steeringReaderIndex = position + 1;
      let prompt: string;
      if (message.kind !== "user") {
        prompt = `${WORDING.notice}\n[NOTIFY ${message.id}] ${message.text}`;
      } else {
        let delegated = false;
        for (const handler of message.handlers) {
          if (handler !== execution.executionId) {
            delegated = true;
            break;
          }
        }
        prompt = `${delegated ? WORDING.recap : WORDING.active}\n[STEERING ${message.id}] ${message.text}`;
      }
      execution.queuePrompt(prompt);
      execution.deliveredSteering.push(message.id);
      injectedIds.push(message.id);
      logger.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${shortExecutionId(execution.executionId)}) (handlers: ${message.handlers.size})`,
      );
    }
    if (injectedIds.length > 0) {
      this.updates.publish("steering_injected", { messageIds: injectedIds, executionId: execution.executionId });
      this.updates.publish("steering_cleared", { messageIds: injectedIds, reason: "injected" });
    }
    return injectedIds.length;
  }

  private acknowledgeDelegated(context: LifecycleContext): void {
    const child = context.child;
    if (!child) return;
    const log = child.sessionServices.steering;
    for (const id of child.deliveredSteering) {
      if (log.acknowledge(id, child.executionId)) {
        logger.debug(`[LiveSteeringHook] ${id} acknowledged by ${child.agentName} (${shortExecutionId(child.executionId)})`);
      }
    }
  }
}
