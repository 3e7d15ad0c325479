import { nextExecutionId } from "./ids";
import type { PromptContext, SessionServices } from "./types";

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
}

export class AgentExecution {
  executionId: string;
  sessionServices: SessionServices;
  promptContext: PromptContext;
  abortController: AbortController;
  subExecutionDepth: number;
  agentName: string;
  skipHooks: boolean;
  steeringReaderIndex: number;
  drainRetryCount: number;
  pendingUserMessages: string[];
  startedAt: number;

  constructor(config: AgentExecutionConfig) {
    this.executionId = nextExecutionId();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.abortController = new AbortController();
    // 0 = top-level execution
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks === true;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.pendingUserMessages = [];
    this.startedAt = Date.now();
    const signal = config.signal;
    if (signal !== undefined) {
      const forward = () => this.abortController.abort(signal.reason);
      if (signal.aborted) forward();
      else signal.addEventListener("abort", forward, { once: true });
    }
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueUserMessage(text: string): void {
    this.pendingUserMessages.push(text);
  }

  takeQueuedUserMessages(): string[] {
    const taken = this.pendingUserMessages;
    this.pendingUserMessages = [];
    return taken;
  }

  hasQueuedUserMessage(): boolean {
    if (this.pendingUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.total;
  }
}
