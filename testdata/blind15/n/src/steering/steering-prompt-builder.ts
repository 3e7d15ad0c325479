import type { SteeringEntry } from "./live-steering-queue";

interface InjectionTarget {
  readonly executionId: string;
  readonly agentName: string;
}

const RECAP_HEADER =
  "While you delegated work to subagent(s), the user sent the message below. " +
  "It has already been handled there; summarise how it affects your remaining work.";
const ACTIVE_HEADER =
  "The user sent the message below while you were working. Adjust your approach as the currently active agent.";
const NOTIFICATION_HEADER = "Notification (informational only, do not reply to it):";

/** Chooses the wording a buffered message is delivered in, for one target execution. */
export function buildSteeringInjection(target: InjectionTarget, entry: SteeringEntry): string {
  if (entry.kind !== "user") {
    return `${NOTIFICATION_HEADER}\n[NOTIFY ${entry.id}] ${entry.text}`;
  }
  let handledByAnother = false;
  for (const handler of entry.handlers) {
    if (handler !== target.executionId) {
      handledByAnother = true;
      break;
    }
  }
  const header = handledByAnother ? RECAP_HEADER : ACTIVE_HEADER;
  return `${header}\n[STEERING ${entry.id}] ${entry.text}`;
}
