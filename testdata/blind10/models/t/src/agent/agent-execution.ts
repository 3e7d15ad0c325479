import { newExecutionId } from "../util/ids";
import type { PromptContext, SessionServices } from "./types";
import type { TurnState } from "../graph/turn-state";

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  /** Sub-executions that must not fire the user's agent hooks (memory extraction, summaries). */
  skipHooks?: boolean;
  parentExecutionId?: string;
}

export const ROOT_AGENT_NAME = "chat-agent";

export class AgentExecution {
  readonly executionId: string = newExecutionId();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  readonly abortController = new AbortController();
  readonly startedAt = Date.now();
  state: TurnState | undefined = undefined;
  /** steering prompts waiting to be appended to this execution's context at MODEL_INVOKE */
  private readonly queuedUserMessages: string[] = [];
  /** ids injected since the model last answered; acknowledged once it has */
  readonly pendingAcknowledgements: string[] = [];

  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId: string | undefined;

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? ROOT_AGENT_NAME;
    this.skipHooks = config.skipHooks === true;
    this.parentExecutionId = config.parentExecutionId;
    const parentSignal = config.signal;
    if (parentSignal?.aborted) {
      this.abortController.abort(parentSignal.reason);
    } else {
      parentSignal?.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueUserMessage(text: string): void {
    this.queuedUserMessages.push(text);
  }

  takeQueuedUserMessages(): string[] {
    return this.queuedUserMessages.splice(0, this.queuedUserMessages.length);
  }

  /** True while steering is still waiting for this execution: unread in the session buffer, or queued here. */
  hasQueuedUserMessage(): boolean {
    return (
      this.queuedUserMessages.length > 0 ||
      this.steeringReaderIndex < this.sessionServices.steeringBuffer.bufferedCount()
    );
  }
}
