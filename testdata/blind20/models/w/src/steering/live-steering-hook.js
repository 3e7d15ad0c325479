// src/steering/live-steering-hook.ts — moves live steering from the session buffer into an execution.
import { logger } from "../util/logger.js";
import { short } from "../util/ids.js";
import { formatSteeringForExecution } from "./steering-prompts.js";

const TAG = "[LiveSteeringHook]";

export async function injectLiveSteering(execution) {
  const { steering } = execution.sessionServices;
  const items = steering.store.items;
  const injected = [];
  while (execution.steeringReaderIndex < items.length) {
    const entry = items[execution.steeringReaderIndex];
    execution.setSteeringReaderIndex(execution.steeringReaderIndex + 1);
    execution.queueUserMessage(formatSteeringForExecution(execution, entry), { steeringId: entry.id });
    execution.deliveredSteering.push(entry.id);
    injected.push(entry.id);
    logger.info(
      `${TAG} injected steering ${entry.id} into ${execution.agentName} (${short(execution.executionId)}) (handlers: ${entry.handlers.size})`,
    );
  }
  steering.reportInjected(injected);
  return injected.length;
}
