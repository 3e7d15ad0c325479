import { log } from "../common/log";
import type { AgentExecution } from "./agent-execution";

/** User-configured lifecycle hooks (from the agent config); background executions skip them. */
export async function runAgentHooks(event: "agentSpawn" | "agentStop", execution: AgentExecution): Promise<void> {
  if (execution.skipHooks) return;
  const commands = execution.promptContext.hooks[event] ?? [];
  for (const command of commands) {
    log.debug(`[AgentHooks] ${event} for ${execution.agentName}: ${command}`);
  }
}
