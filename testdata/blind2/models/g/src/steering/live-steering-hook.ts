import { Inject, Injectable } from "../di/container";
import { LIVE_STEERING_HOOK, LOGGER, PROMPT_RENDERER, STEERING_BUFFER, UPDATE_SINK } from "../di/tokens";
import { Hook, HookOwner } from "../graph/hooks";
import { GraphNode } from "../graph/nodes";
import { promptQueues, type AgentExecution } from "../execution/agent-execution";
import type { Logger } from "../util/logger";
import type { UpdateSink } from "../acp/updates";
import type { SteeringPromptRenderer } from "./prompt-renderer";
//#if gate
import { SteeringKind } from "./buffer";
//#endif
import type { SteeringBuffer } from "./buffer";

@HookOwner(LIVE_STEERING_HOOK)
@Injectable(LIVE_STEERING_HOOK)
export class LiveSteeringHook {
  constructor(
    @Inject(STEERING_BUFFER) private readonly buffer: SteeringBuffer,
    @Inject(PROMPT_RENDERER) private readonly renderer: SteeringPromptRenderer,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UPDATE_SINK) private readonly updates: UpdateSink,
  ) {}

  @Hook(GraphNode.ModelInvoke, { system: true })
  async injectPendingSteering(execution: AgentExecution): Promise<void> {
    const queue = promptQueues.get(execution)!;
    const injected: string[] = [];
    for (const [index, message] of this.buffer.entriesFrom(execution.steeringReaderIndex)) {
      execution.setSteeringReaderIndex(index + 1);
//#if gate
      if (message.kind === SteeringKind.User && execution.subExecutionDepth > 0) continue;
//#endif
      queue.push({ role: "user", text: this.renderer.render(execution, message) });
      this.logger.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
      );
      injected.push(message.id);
    }
    if (injected.length > 0) {
      this.updates.steering("steering_injected", injected, execution.executionId);
      this.updates.steering("steering_cleared", injected, execution.executionId);
    }
  }
}
