// src/execution/agent-execution.ts: one run of one agent (the root chat agent, a sub-agent, memory extraction).
import type { SessionServices } from "../session/session-services";
import type { GraphState } from "../graph/agent-graph";

export interface PromptContext {
  systemPrompt: string;
  workspaceRoot: string;
  modelId: string;
}

export interface ContextMessage {
  role: "system" | "user" | "assistant" | "tool";
  text: string;
}

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName: string;
  skipHooks?: boolean;
  initialPrompt?: string;
}

export class AgentExecution {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  readonly executionId: string = crypto.randomUUID();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController = new AbortController();
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly history: ContextMessage[] = [];
  readonly queuedSteering: ContextMessage[] = [];
  readonly deliveredSteeringIds: string[] = [];
  state: GraphState | undefined;
  #startedAt = Date.now();

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName;
    this.skipHooks = config.skipHooks ?? false;
    if (config.signal) {
      const parentSignal = config.signal;
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
    if (config.initialPrompt !== undefined) this.history.push({ role: "user", text: config.initialPrompt });
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueSteering(text: string): void {
    this.queuedSteering.push({ role: "user", text });
  }

  hasQueuedUserMessage(): boolean {
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.length || this.queuedSteering.length > 0;
  }

  /** moves queued steering into the conversation and returns what the model sees */
  buildModelContext(): ContextMessage[] {
    this.history.push(...this.queuedSteering.splice(0));
    return [{ role: "system", text: this.promptContext.systemPrompt }, ...this.history];
  }

  get elapsedMs(): number {
    return Date.now() - this.#startedAt;
  }
}
