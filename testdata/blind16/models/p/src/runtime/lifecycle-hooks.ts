import type { AgentExecution } from "./execution";
import { logDebug } from "./logger";

export async function fireLifecycleHooks(event: string, exec: AgentExecution): Promise<void> {
  for (const command of exec.promptContext.lifecycleHooks[event] ?? []) {
    logDebug(`[Hooks] ${event} (${exec.agentName}): ${command}`);
  }
}
