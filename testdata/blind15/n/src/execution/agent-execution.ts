import { executionId as newExecutionId } from "../common/ids";
import type { SessionServices } from "../session/session-services";

export interface ExecutionPromptContext {
  cwd: string;
  steeringDocuments: string[];
}

export interface AgentExecutionOptions {
  sessionServices: SessionServices;
  promptContext: ExecutionPromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  parentExecutionId?: string;
}

export const DEFAULT_AGENT = "chat-agent";

export class AgentExecution {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: ExecutionPromptContext;
  readonly abortController: AbortController;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId?: string;
  steeringReaderIndex: number;
  drainRetryCount: number;
  deliveredSteeringIds: string[];
  private pendingUserMessages: string[];
  private readonly startedAt: number;

  constructor(options: AgentExecutionOptions) {
    this.executionId = newExecutionId();
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? DEFAULT_AGENT;
    this.skipHooks = !!options.skipHooks;
    this.parentExecutionId = options.parentExecutionId;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.deliveredSteeringIds = [];
    this.pendingUserMessages = [];
    this.startedAt = Date.now();
    const parentSignal = options.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  enqueueUserMessage(text: string): void {
    this.pendingUserMessages.push(text);
  }

  dequeueUserMessage(): string | undefined {
    return this.pendingUserMessages.shift();
  }

  hasQueuedUserMessage(): boolean {
    if (this.pendingUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.liveSteering.messageCount();
  }

  elapsedMs(): number {
    return Date.now() - this.startedAt;
  }
}
