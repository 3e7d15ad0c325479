import { newExecutionId } from "../util/ids";
import type { SessionServices } from "../session/services";

export interface PromptContext {
  readonly workspace: string;
  readonly mode: "chat" | "memory" | "compaction";
  readonly templateVars: Record<string, string>;
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

export class AgentExecution {
  readonly executionId: string = newExecutionId();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  readonly deliveredSteeringIds = new Set<string>();
  readonly abortController = new AbortController();
  private readonly pendingInputs: string[] = [];
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId: string | undefined;
  startedAt = 0;

  constructor(options: ExecutionOptions) {
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? "chat-agent";
    this.skipHooks = options.skipHooks === true;
    this.parentExecutionId = options.parentExecutionId;
    const parentSignal = options.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  pushPendingInput(text: string): void {
    this.pendingInputs.push(text);
  }

  takePendingInputs(): string[] {
    return this.pendingInputs.splice(0, this.pendingInputs.length);
  }

  /** Steering still waiting for this execution: unread buffer entries or queued input. */
  hasQueuedUserMessage(): boolean {
    if (this.pendingInputs.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.journal.entries.length;
  }
}
