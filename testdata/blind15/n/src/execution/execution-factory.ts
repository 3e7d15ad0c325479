import { AgentExecution, DEFAULT_AGENT, type ExecutionPromptContext } from "./agent-execution";
import type { SessionServices } from "../session/session-services";

export interface ChildExecutionOptions {
  agentName: string;
  skipHooks?: boolean;
}

/**
 * Builds the executions of one session and keeps the live ones, so a cancel
 * reaches them all. Every sub-execution (sub-agents, memory extraction) is built here.
 */
export class ExecutionFactory {
  private readonly live = new Map<string, AgentExecution>();

  constructor(
    private readonly services: SessionServices,
    private readonly promptContext: ExecutionPromptContext,
  ) {}

  createRoot(signal: AbortSignal): AgentExecution {
    return this.track(
      new AgentExecution({
        sessionServices: this.services,
        promptContext: this.promptContext,
        signal,
        agentName: DEFAULT_AGENT,
      }),
    );
  }

  spawnChild(parent: AgentExecution, options: ChildExecutionOptions): AgentExecution {
    const child = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: parent.subExecutionDepth + 1,
      agentName: options.agentName,
      skipHooks: options.skipHooks,
      parentExecutionId: parent.executionId,
    });
    return this.track(child);
  }

  release(execution: AgentExecution): void {
    this.live.delete(execution.executionId);
  }

  abortAll(reason: string): number {
    let aborted = 0;
    this.live.forEach((execution) => {
      if (!execution.abortController.signal.aborted) {
        execution.abortController.abort(reason);
        aborted++;
      }
    });
    return aborted;
  }

  private track(execution: AgentExecution): AgentExecution {
    this.live.set(execution.executionId, execution);
    return execution;
  }
}
