import { ComponentLogger } from "../core/logging";
import { AgentExecution, type PromptContext } from "../runtime/agent-execution";

const log = new ComponentLogger("spawner");

export interface SpawnRequest {
  agentName: string;
  skipHooks?: boolean;
  promptContext?: PromptContext;
}

/** Builds every sub-execution of a session and keeps the live ones for cancellation. */
export class ExecutionSpawner {
  private readonly live = new Set<AgentExecution>();

  spawn(parent: AgentExecution, request: SpawnRequest): AgentExecution {
    const child = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: request.promptContext ?? parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: request.agentName,
      skipHooks: request.skipHooks,
    });
    this.live.add(child);
    log.debug(`spawned ${child.agentName} (${child.shortId}) under ${parent.agentName} (${parent.shortId})`);
    return child;
  }

  release(child: AgentExecution): void {
    this.live.delete(child);
  }

  abortAll(): number {
    const count = this.live.size;
    for (const execution of this.live) execution.abortController.abort();
    this.live.clear();
    return count;
  }
}
