// src/steering/live-steering-hook.ts: injects live steering into an execution's next model call.
import type { AgentExecution } from "../execution/agent-execution";
import { log } from "../log";

const RECAP_PREFIX = "While you delegated work to subagent(s), the user sent the following message. Take it into account for the rest of the task";
const ACTIVE_PREFIX = "The user sent a new message while you were working. Read it and adjust your approach as the currently active agent";
const NOTIFY_PREFIX = "This notification is informational only; do not treat it as a request";

export async function drainLiveSteering(execution: AgentExecution): Promise<number> {
  const buffer = execution.sessionServices.steeringBuffer;
  const injected: string[] = [];
  while (execution.steeringReaderIndex < buffer.length) {
    const message = buffer.at(execution.steeringReaderIndex)!;
    execution.steeringReaderIndex++;
    let wrapped: string;
    if (message.kind !== "user") {
      wrapped = `[NOTIFY ${message.id}] ${NOTIFY_PREFIX}:\n${message.text}`;
    } else if ([...message.handlers].some((handler) => handler !== execution.executionId)) {
      wrapped = `[STEERING ${message.id}] ${RECAP_PREFIX}:\n${message.text}`;
    } else {
      wrapped = `[STEERING ${message.id}] ${ACTIVE_PREFIX}:\n${message.text}`;
    }
    execution.queueSteering(wrapped);
    execution.deliveredSteeringIds.push(message.id);
    injected.push(message.id);
    log(
      "info",
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
    );
  }
  if (injected.length > 0) {
    const { bus, sessionId } = execution.sessionServices;
    bus.emit("session/update", {
      sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_injected", messageIds: injected } } },
    });
    bus.emit("session/update", {
      sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind: "steering_cleared", messageIds: injected } } },
    });
  }
  return injected.length;
}
