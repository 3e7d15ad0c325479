import type { AgentExecution } from "../agent/agent-execution";

const ACTIVE = "The user sent a message while you were working. Adjust your approach as the currently active agent:";
const RECAP = "While you delegated work to subagent(s), the user sent:";
const NOTICE = "System notification (informational only, no action required):";

// MODEL_INVOKE hook, run for every execution of the session.
export async function injectLiveSteering(execution: AgentExecution): Promise<void> {
  const services = execution.sessionServices;
  const buffer = services.steeringBuffer;
  for (let i = execution.steeringReaderIndex; i < buffer.length; i++) {
    const message = buffer.messageAt(i);
    execution.steeringReaderIndex = i + 1;
    if (!message) continue;
    message.handlers.add(execution.executionId);
    let lead = NOTICE;
    if (message.kind === "user") {
      lead = [...message.handlers].some((handler) => handler !== execution.executionId) ? RECAP : ACTIVE;
    }
    execution.queueSteering({ id: message.id, kind: message.kind, text: message.text, prompt: `${lead}\n${message.text}` });
    services.logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
}
