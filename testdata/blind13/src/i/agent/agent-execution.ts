import { newExecutionId } from "../util/ids";
import type { SessionServices } from "../session/session-services";

export const DEFAULT_AGENT_NAME = "chat-agent";

export interface AgentExecutionOptions {
  sessionServices: SessionServices;
  promptContext: Record<string, unknown>;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
}

export class AgentExecution {
  readonly executionId: string = newExecutionId();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  queuedUserMessages: string[] = [];
  deliveredSteeringIds: string[] = [];
  state: unknown = undefined;

  readonly sessionServices: SessionServices;
  readonly promptContext: Record<string, unknown>;
  readonly abortController = new AbortController();
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;

  constructor(options: AgentExecutionOptions) {
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? DEFAULT_AGENT_NAME;
    this.skipHooks = options.skipHooks === true;
    options.signal?.addEventListener("abort", () => this.abortController.abort(options.signal?.reason), { once: true });
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  enqueueUserMessage(text: string): void {
    this.queuedUserMessages.push(text);
  }

  takeQueuedUserMessages(): string[] {
    return this.queuedUserMessages.splice(0);
  }

  hasUnreadSteering(): boolean {
    return this.steeringReaderIndex < this.sessionServices.liveSteering.store.list.length;
  }

  hasQueuedUserMessage(): boolean {
    return this.queuedUserMessages.length > 0 || this.hasUnreadSteering();
  }
}
