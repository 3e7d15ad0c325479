// One run of an agent over the graph. The root execution of a turn and every
// sub-execution (sub-agents, memory extraction) share the session's services.

import { newExecutionId } from "../util/ids";
import type { SessionServices } from "../session/services";

export interface PromptContext {
  readonly workspaceRoot: string;
  readonly promptTemplateContext: Record<string, unknown>;
}

export interface ExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  parentExecutionId?: string;
}

export type ExecutionStatus = "created" | "running" | "completed" | "failed" | "cancelled";

export class AgentExecution {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController: AbortController;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId: string | undefined;
  readonly deliveredSteering: Set<string>;
  steeringReaderIndex: number;
  drainRetryCount: number;
  status: ExecutionStatus;
  state: unknown;
  private readonly pendingUserMessages: string[];

  constructor(options: ExecutionOptions) {
    this.executionId = newExecutionId();
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? "chat-agent";
    this.skipHooks = options.skipHooks === true;
    this.parentExecutionId = options.parentExecutionId;
    this.pendingUserMessages = [];
    this.deliveredSteering = new Set();
    this.status = "created";
    this.state = undefined;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    const parentSignal = options.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  get isTopLevel(): boolean {
    return this.subExecutionDepth === 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueUserMessage(text: string): void {
    this.pendingUserMessages.push(text);
  }

  takeQueuedUserMessages(): string[] {
    return this.pendingUserMessages.splice(0, this.pendingUserMessages.length);
  }

  hasQueuedUserMessage(): boolean {
    if (this.pendingUserMessages.length !== 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messages.length;
  }

  cancel(reason = "cancelled"): void {
    this.status = "cancelled";
    this.abortController.abort(reason);
  }
}
