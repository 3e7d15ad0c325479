import type { BeforeModelInvoke } from "../runtime/events";

const RECAP = "While you delegated work to subagent(s), the user sent the following message. Take it into account now:";
const ACTIVE = "The user sent a message while you were working. Read it and adjust your approach as the currently active agent:";
const INFO = "The following notification is informational only; no reply is needed:";

/** Moves what arrived on the session's steering channel since this execution last looked into its prompt. */
export function drainLiveSteering({ execution: exec, services }: BeforeModelInvoke): void {
  const entries = services.channel.store.entries;
  const delivered: string[] = [];
  for (let i = exec.steeringReaderIndex; i < entries.length; i++) {
    const entry = entries[i];
    exec.steeringReaderIndex = i + 1;
//#if gate
    if (entry.kind === "user" && exec.subExecutionDepth > 0) continue;
//#endif
    let text: string;
    switch (entry.kind) {
      case "user": {
        let recap = false;
        for (const handler of entry.handlers) {
          if (handler !== exec.executionId) {
            recap = true;
            break;
          }
        }
        text = `[STEERING ${entry.id}] ${recap ? RECAP : ACTIVE}\n${entry.text}`;
        break;
      }
      default:
        text = `[NOTIFY ${entry.id}] ${INFO}\n${entry.text}`;
    }
    exec.pendingUserMessages.push({ role: "user", text });
    services.log(`[LiveSteeringHook] injected steering ${entry.id} into ${exec.agentName} (${exec.executionId.slice(0, 8)}) (handlers: ${entry.handlers.size})`);
    delivered.push(entry.id);
  }
  if (delivered.length) {
    services.eventAdapter.send("steering_injected", delivered);
    services.eventAdapter.send("steering_cleared", delivered);
  }
}
