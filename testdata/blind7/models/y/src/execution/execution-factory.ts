// src/execution/execution-factory.ts: every sub-execution is constructed here.
import { Injectable, Inject, ServiceId } from "../di/container.js";
import { AgentExecution } from "./agent-execution.js";
import type { Logger } from "../telemetry/logger.js";

export interface SubExecutionRequest {
  agentName: string;
  task?: string;
  skipHooks?: boolean;
}

@Injectable(ServiceId.ExecutionFactory, "singleton")
export class ExecutionFactory {
  constructor(@Inject(ServiceId.Logger) private logger: Logger) {}

  createSubExecution(parent: AgentExecution, request: SubExecutionRequest): AgentExecution {
    let depth = parent.subExecutionDepth;
    let execution = new AgentExecution({
      sessionServices: parent.sessionServices,
      promptContext: parent.promptContext,
      signal: parent.abortController.signal,
      subExecutionDepth: depth + 1,
      agentName: request.agentName,
      skipHooks: request.skipHooks,
      task: request.task,
    });
    this.logger.debug(`[ExecutionFactory] spawned ${execution.describe()} from ${parent.describe()}`);
    return execution;
  }
}
