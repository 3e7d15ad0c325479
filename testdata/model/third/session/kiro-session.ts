import { AgentExecution } from "../agent/agent-execution";
import type { PromptContext } from "../agent/agent-types";
import { TurnGraph } from "../graph/turn-graph";
import { LifecycleHookRunner } from "../hooks/lifecycle-hooks";
import { MEMORY_EXTRACTION_AGENT, MemoryExtractor } from "../memory/memory-extractor";
import type { ScriptedProvider } from "../provider/scripted-provider";
import type { MemoryExtractionSetting, ScenarioStep } from "../scenario/scenario-types";
import { SteeringBuffer } from "../steering/steering-buffer";
import { Toolbox } from "../tools/toolbox";
import { describeError, ExecutionCancelledError, ModelSettleError } from "../util/errors";
import { serverLogger } from "../util/log";
import { ExecutionTracker, type SessionServices } from "./session-services";

export const ROOT_AGENT = "kiro";

export enum TurnOutcome {
  Completed = "completed",
  Continued = "continued",
  Cancelled = "cancelled",
  Error = "error",
  SettleFailed = "settle-failed",
}

export interface PromptRequest {
  readonly prompt: string;
  readonly script?: ScenarioStep[];
  readonly memoryExtraction?: MemoryExtractionSetting;
}

export interface KiroSessionOptions {
  readonly sessionId: string;
  readonly promptContext: PromptContext;
  readonly provider: ScriptedProvider;
}

/** One ACP session: prompts run one at a time; steering may arrive at any moment. */
export class KiroSession {
  readonly sessionId: string;
  readonly services: SessionServices;
  readonly executions = new ExecutionTracker();
  readonly outcomes: TurnOutcome[] = [];
  steeringEpoch = 0;

  private readonly promptContext: PromptContext;
  private readonly provider: ScriptedProvider;
  private readonly graph = new TurnGraph();
  private readonly memory = new MemoryExtractor(this.graph.runSubExecution);
  private activeTurn: AbortController | undefined;
  private ownedExecutionId: string | undefined;

  constructor(options: KiroSessionOptions) {
    this.sessionId = options.sessionId;
    this.promptContext = options.promptContext;
    this.provider = options.provider;
    const logger = serverLogger.child(options.sessionId);
    this.services = {
      sessionId: options.sessionId,
      steeringBuffer: new SteeringBuffer(logger),
      logger,
      provider: options.provider,
      toolbox: Toolbox.withBuiltins(),
      lifecycleHooks: new LifecycleHookRunner(),
      executions: this.executions,
    };
  }

  get currentExecutionId(): string | undefined {
    return this.ownedExecutionId;
  }

  /** _session/steer: a person typed while the agent works. Returns the message id. */
  steer(text: string): string {
    return this.services.steeringBuffer.add(text);
  }

  /** A workflow or system notice for whatever is running. Returns the message id. */
  notify(text: string): string {
    return this.services.steeringBuffer.add(text, "system");
  }

  /** _session/steer/clear */
  clearSteering(): void {
    this.services.steeringBuffer.clear("_session/steer/clear");
    this.steeringEpoch += 1;
  }

  /** session/cancel */
  cancel(): void {
    this.activeTurn?.abort();
  }

  async prompt(request: PromptRequest): Promise<TurnOutcome> {
    const outcome = await this.runPrompt(request);
    this.outcomes.push(outcome);
    return outcome;
  }

  private async runPrompt(request: PromptRequest): Promise<TurnOutcome> {
    const controller = new AbortController();
    this.activeTurn = controller;
    this.provider.enqueueScript(ROOT_AGENT, request.script ?? []);
    const memorySetting = request.memoryExtraction;
    if (memorySetting && typeof memorySetting === "object") {
      this.provider.enqueueScript(MEMORY_EXTRACTION_AGENT, memorySetting.script ?? []);
    }
    const buffer = this.services.steeringBuffer;
    let execution = new AgentExecution({
      sessionServices: this.services,
      promptContext: this.promptContext,
      signal: controller.signal,
      agentName: ROOT_AGENT,
    });
    let continued = false;
    for (;;) {
      this.ownedExecutionId = execution.executionId;
      try {
        await this.graph.run(execution);
      } catch (error) {
        return this.abandonTurn(error);
      }
      if (memorySetting && !continued) await this.memory.extract(execution);
      if (controller.signal.aborted) {
        buffer.clear("cancel");
        return TurnOutcome.Cancelled;
      }
      // Steering that arrived after the root's last end-of-turn check: run the root again.
      const readUpTo = execution.steeringReaderIndex;
      if (buffer.count <= readUpTo) break;
      execution = new AgentExecution({
        sessionServices: this.services,
        promptContext: this.promptContext,
        signal: controller.signal,
        agentName: ROOT_AGENT,
      });
      execution.setSteeringReaderIndex(readUpTo);
      continued = true;
    }
    buffer.clear("turn-end");
    return continued ? TurnOutcome.Continued : TurnOutcome.Completed;
  }

  private abandonTurn(error: unknown): TurnOutcome {
    const buffer = this.services.steeringBuffer;
    if (error instanceof ExecutionCancelledError) {
      buffer.clear("cancel");
      return TurnOutcome.Cancelled;
    }
    if (error instanceof ModelSettleError) {
      buffer.clear("model-settle-failure");
      return TurnOutcome.SettleFailed;
    }
    this.services.logger.error(`prompt failed: ${describeError(error)}`);
    buffer.clear("prompt-error");
    return TurnOutcome.Error;
  }
}
