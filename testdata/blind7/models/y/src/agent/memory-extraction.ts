// src/agent/memory-extraction.ts: after a successful turn, a sub-execution distils memories from it.
import { Injectable, Inject, ServiceId } from "../di/container.js";
import type { ExecutionFactory, SubExecutionRequest } from "../execution/execution-factory.js";
import type { AgentExecution } from "../execution/agent-execution.js";
import type { TurnRunner } from "./turn-runner.js";
import type { Logger } from "../telemetry/logger.js";

export function memoryExtractionRequest(): SubExecutionRequest {
  return {
    agentName: "memory-extraction",
    task: "Extract durable memories about the user and the workspace from the conversation so far.",
    skipHooks: true,
  };
}

@Injectable(ServiceId.MemoryExtraction)
export class MemoryExtractionService {
  #runs = 0;

  constructor(
    @Inject(ServiceId.ExecutionFactory) private factory: ExecutionFactory,
    @Inject(ServiceId.TurnRunner) private runner: TurnRunner,
    @Inject(ServiceId.Logger) private logger: Logger,
  ) {}

  async extractFrom(root: AgentExecution): Promise<void> {
    this.#runs += 1;
    let execution = this.factory.createSubExecution(root, memoryExtractionRequest());
    try {
      await this.runner.drive(execution);
    } catch (error) {
      this.logger.warn(`[MemoryExtraction] run ${this.#runs} failed: ${String(error)}`);
    }
  }
}
