// src/steering/live-steering.ts: the LiveSteeringHook's drain, run at MODEL_INVOKE for every execution.
import type { AgentExecution } from "../execution/agent-execution.js";
import type { SteeringEntry } from "./kinds.js";
import { SteeringUpdateKind } from "./kinds.js";
import { buildSteeringPrompt } from "./steering-prompts.js";

/** reads the buffer from the execution's cursor; the cursor moves past every message read */
export function collectPendingSteering(execution: AgentExecution): SteeringEntry[] {
  let messages = execution.sessionServices.steering.state.messages;
  let pending: SteeringEntry[] = [];
  for (let i = execution.steeringReaderIndex; i < messages.length; i++) {
    pending.push(messages[i]);
    execution.steeringReaderIndex = i + 1;
  }
  return pending;
}

export async function injectLiveSteering(execution: AgentExecution): Promise<void> {
  let services = execution.sessionServices;
  let pending = collectPendingSteering(execution);
  if (pending.length === 0) return;
  let delivered: string[] = [];
  for (let message of pending) {
    execution.enqueuePrompt(buildSteeringPrompt(execution, message));
    execution.injectedSteeringIds.push(message.id);
    delivered.push(message.id);
    services.logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
  services.telemetry.count("steering.injected", delivered.length);
  services.notify({ sessionUpdate: "session_info_update", _meta: { kiro: { kind: SteeringUpdateKind.Injected, messageIds: delivered } } });
  services.notify({ sessionUpdate: "session_info_update", _meta: { kiro: { kind: SteeringUpdateKind.Cleared, messageIds: delivered } } });
}
