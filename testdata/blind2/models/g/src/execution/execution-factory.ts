import { Inject, Injectable } from "../di/container";
import { EXECUTION_FACTORY, EXECUTION_REGISTRY, STEERING_BUFFER } from "../di/tokens";
import { mergeOptions } from "../util/options";
import { AgentExecution } from "./agent-execution";
import type { ExecutionRegistry } from "./execution-registry";
import type { SteeringBuffer } from "../steering/buffer";

export interface ChildExecutionInit {
  agentName: string;
  skipHooks?: boolean;
}

@Injectable(EXECUTION_FACTORY)
export class ExecutionFactory {
  constructor(
    @Inject(EXECUTION_REGISTRY) private readonly registry: ExecutionRegistry,
    @Inject(STEERING_BUFFER) private readonly steering: SteeringBuffer,
  ) {}

  /** Builds a sub-execution that shares the parent's session services. */
  spawnChild(parent: AgentExecution, init: ChildExecutionInit): AgentExecution {
    const child = new AgentExecution(
      mergeOptions(
        {
          sessionServices: parent.sessionServices,
          promptContext: parent.promptContext,
          signal: parent.abortController.signal,
          subExecutionDepth: parent.subExecutionDepth + 1,
        },
        init,
      ),
    );
//#if seed
    child.setSteeringReaderIndex(parent.sessionServices.steering.total);
//#endif
    this.registry.track(child, parent);
    return child;
  }

  /** Called when a child's result comes back to its parent. */
  settleChild(parent: AgentExecution, child: AgentExecution): void {
    for (const [index, message] of this.steering.entriesFrom(0)) {
      if (index >= child.steeringReaderIndex) break;
      this.steering.acknowledge(message.id, child.executionId);
      this.steering.acknowledge(message.id, parent.executionId);
    }
    this.registry.untrack(child);
  }
}
