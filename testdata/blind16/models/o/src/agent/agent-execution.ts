import { newExecutionId } from "../common/ids";
import type { PromptContext, SessionServices } from "../session/session-services";

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  executionId?: string;
}

export interface SubExecutionOptions {
  skipHooks?: boolean;
}

/** One run of one agent: the root chat agent, a sub-agent, or a background job. */
export class AgentExecution {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController = new AbortController();
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  /** ids of the steering messages the live-steering hook put into this execution's prompt */
  readonly receivedSteeringIds: string[] = [];
  state: unknown = undefined;
  private readonly queuedUserMessages: string[] = [];

  constructor(config: AgentExecutionConfig) {
    this.executionId = config.executionId ?? newExecutionId();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks ?? false;
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  enqueueUserMessage(text: string): void {
    this.queuedUserMessages.push(text);
  }

  dequeueUserMessage(): string | undefined {
    return this.queuedUserMessages.shift();
  }

  /** Steering still waiting for this execution: unread in the session buffer, or read and not yet sent. */
  hasQueuedUserMessage(): boolean {
    return this.queuedUserMessages.length > 0 || this.steeringReaderIndex < this.sessionServices.steeringBuffer.size();
  }

  /** Builds a child execution that shares this execution's session services. */
  spawnSubExecution(agentName: string, options: SubExecutionOptions = {}): AgentExecution {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
      agentName,
      skipHooks: options.skipHooks,
    });
  }
}
