import { ids } from "../core/ids";
import type { LoopState } from "../loop/nodes";
import type { SessionServices } from "../session/services";

export interface PromptContext {
  readonly cwd: string;
  readonly purpose: "conversation" | "memory";
  readonly includeSteeringDocs: boolean;
}

export interface ExecutionInit {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName: string;
  skipHooks?: boolean;
}

export class AgentExecution {
  readonly executionId: string = ids.execution();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly agentName: string;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  readonly abortController: AbortController = new AbortController();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  state?: LoopState;
  /** steering ids this execution has been handed, for acknowledgment when it reports back */
  readonly seenSteeringIds = new Set<string>();
  private pendingUserMessages: string[] = [];

  constructor(init: ExecutionInit) {
    this.sessionServices = init.sessionServices;
    this.promptContext = init.promptContext;
    this.agentName = init.agentName;
    this.subExecutionDepth = init.subExecutionDepth ?? 0;
    this.skipHooks = init.skipHooks ?? false;
    init.signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  enqueueUserMessage(text: string): void {
    this.pendingUserMessages.push(text);
  }

  drainPendingUserMessages(): string[] {
    const out = this.pendingUserMessages;
    this.pendingUserMessages = [];
    return out;
  }

  hasQueuedUserMessage(): boolean {
    if (this.steeringReaderIndex < this.sessionServices.steeringInbox.size()) return true;
    return this.pendingUserMessages.length !== 0;
  }

  get shortId(): string {
    return this.executionId.substring(0, 8);
  }
}
