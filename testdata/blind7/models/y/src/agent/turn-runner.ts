// src/agent/turn-runner.ts: the agent loop, as an async generator of phase events.
import { Injectable, Inject, ServiceId, type Container } from "../di/container.js";
import { TurnPhase, type TurnEvent, ModelSettleError, ExecutionCancelledError } from "./turn-phase.js";
import { injectLiveSteering } from "../steering/live-steering.js";
import { ExecutionStatus } from "../execution/execution-base.js";
import type { AgentExecution } from "../execution/agent-execution.js";
import type { ModelClient, ModelReply } from "../session/session-services.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { ExecutionRegistry } from "../execution/execution-registry.js";
import type { Logger } from "../telemetry/logger.js";

export const MAX_DRAIN_RETRIES = 6;

type AgentHook = (execution: AgentExecution) => void | Promise<void>;

@Injectable(ServiceId.TurnRunner)
export class TurnRunner {
  private hooks: Map<"agentSpawn" | "stop", AgentHook[]>;

  constructor(
    @Inject(ServiceId.ModelClient) private model: ModelClient,
    @Inject(ServiceId.ToolRegistry) private tools: ToolRegistry,
    @Inject(ServiceId.ExecutionRegistry) private registry: ExecutionRegistry,
    @Inject(ServiceId.Logger) private logger: Logger,
    @Inject(ServiceId.SessionContainer) private container: Container,
  ) {
    this.hooks = new Map([
      ["agentSpawn", []],
      ["stop", []],
    ]);
  }

  addHook(event: "agentSpawn" | "stop", hook: AgentHook): void {
    this.hooks.get(event)!.push(hook);
  }

  private async runHooks(event: "agentSpawn" | "stop", execution: AgentExecution): Promise<void> {
    if (execution.skipHooks) return;
    for (let hook of this.hooks.get(event) ?? []) await hook(execution);
  }

  private async invokeModel(execution: AgentExecution): Promise<ModelReply> {
    let context = execution.takeContext();
    let reply: ModelReply;
    try {
      reply = await this.model.invoke(execution, context);
    } catch (error) {
      throw new ModelSettleError(`model call failed for ${execution.describe()}`, error);
    }
    if (reply == null || typeof reply.text !== "string") throw new ModelSettleError(`model reply did not settle for ${execution.describe()}`, reply);
    execution.transcript.push({ role: "assistant", text: reply.text });
    return reply;
  }

  async *run(execution: AgentExecution): AsyncGenerator<TurnEvent, string> {
    let phase = TurnPhase.MODEL_INVOKE;
    let reply: ModelReply = { text: "" };
    for (;;) {
      if (execution.abortController.signal.aborted) throw new ExecutionCancelledError(execution.describe());
      switch (phase) {
        case TurnPhase.MODEL_INVOKE: {
          let shownBefore = execution.injectedSteeringIds.length;
          await injectLiveSteering(execution);
          reply = await this.invokeModel(execution);
          // the model has now seen this step's steering: acknowledge it
          let steering = execution.sessionServices.steering;
          for (let id of execution.injectedSteeringIds.slice(shownBefore)) steering.acknowledge(id, execution.executionId);
          yield { phase, executionId: execution.executionId, toolCalls: reply.toolCalls?.length ?? 0 };
          phase = reply.toolCalls != null && reply.toolCalls.length > 0 ? TurnPhase.TOOL_EXECUTION : TurnPhase.END_OF_TURN;
          break;
        }
        case TurnPhase.TOOL_EXECUTION: {
          for (let call of reply.toolCalls ?? []) {
            let output = await this.tools.execute(call, { execution, container: this.container });
            execution.transcript.push({ role: "tool", text: output });
            yield { phase, executionId: execution.executionId, tool: call.name };
          }
          phase = TurnPhase.MODEL_INVOKE;
          break;
        }
        case TurnPhase.END_OF_TURN: {
          let continued = false;
          if (execution.drainRetryCount < MAX_DRAIN_RETRIES) {
            if (execution.hasQueuedUserMessage()) {
              execution.drainRetryCount += 1;
              continued = true;
            }
          } else {
            this.logger.warn(`[TurnRunner] drain retries exhausted for ${execution.describe()}`);
          }
          yield { phase, executionId: execution.executionId, continued };
          if (!continued) return reply.text;
          phase = TurnPhase.MODEL_INVOKE;
          break;
        }
      }
    }
  }

  /** runs an execution to completion, tracking it as live while it runs */
  async drive(execution: AgentExecution): Promise<string> {
    this.registry.track(execution);
    let status = ExecutionStatus.Failed;
    try {
      await this.runHooks("agentSpawn", execution);
      let iterator = this.run(execution);
      let step = await iterator.next();
      while (!step.done) {
        this.logger.debug(`[TurnRunner] ${step.value.phase} ${execution.describe()}`);
        step = await iterator.next();
      }
      await this.runHooks("stop", execution);
      status = ExecutionStatus.Completed;
      return step.value;
    } catch (error) {
      if (error instanceof ExecutionCancelledError) status = ExecutionStatus.Cancelled;
      throw error;
    } finally {
      this.registry.release(execution, status);
    }
  }
}
