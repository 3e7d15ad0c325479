import { mintUuid } from "../core/id";
import type { SteeringService, Notify } from "../steering/service";

export interface SessionServices {
  sessionId: string;
  steering: SteeringService;
  notify: Notify;
}

export interface ExecutionInit {
  sessionServices: SessionServices;
  promptContext: Record<string, unknown>;
  signal?: AbortSignal;
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  parentExecutionId?: string;
}

abstract class ExecutionHandle {
  readonly executionId = mintUuid();
  readonly startedAt = Date.now();
  readonly abortController = new AbortController();

  protected constructor(signal: AbortSignal | undefined) {
    if (signal) {
      if (signal.aborted) this.abortController.abort(signal.reason);
      else signal.addEventListener("abort", () => this.abortController.abort(signal.reason), { once: true });
    }
  }

  get aborted(): boolean {
    return this.abortController.signal.aborted;
  }
}

export class AgentExecution extends ExecutionHandle {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  readonly handledSteeringIds: string[] = [];
  state: unknown;
  #pendingUserMessages: string[] = [];

  readonly sessionServices: SessionServices;
  readonly promptContext: Record<string, unknown>;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId: string | undefined;

  constructor(init: ExecutionInit) {
    super(init.signal);
    this.sessionServices = init.sessionServices;
    this.promptContext = init.promptContext;
    this.subExecutionDepth = init.subExecutionDepth ?? 0;
    this.agentName = init.agentName ?? "chat-agent";
    this.skipHooks = Boolean(init.skipHooks);
    this.parentExecutionId = init.parentExecutionId;
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  queueUserMessage(text: string): void {
    this.#pendingUserMessages.push(text);
  }

  drainQueuedUserMessages(): string[] {
    const out = this.#pendingUserMessages;
    this.#pendingUserMessages = [];
    return out;
  }

  hasQueuedUserMessage(): boolean {
    if (this.#pendingUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.buffer.getMessageCount();
  }
}
