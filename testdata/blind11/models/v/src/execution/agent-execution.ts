import { newExecutionId } from "../common/ids";
import type { PromptContext, SessionServices, TurnState } from "./types";

export const ROOT_AGENT_NAME = "chat-agent";

export interface AgentExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  /** Skip user-configured hooks (memory extraction and other internal runs). */
  skipHooks?: boolean;
  parentExecutionId?: string;
}

/**
 * One run of an agent graph: the session's top-level agent, or a sub-agent
 * (invoke-sub-agent tool, memory extraction) nested under it.
 */
export class AgentExecution {
  readonly executionId = newExecutionId();
  readonly abortController = new AbortController();
  /** Position of the next unread message in the session's steering buffer. */
  steeringReaderIndex = 0;
  /** Times the end-of-turn check looped back because steering was still queued. */
  drainRetryCount = 0;
  /** Ids of steering messages this execution was given, in order. */
  readonly injectedSteeringIds: string[] = [];
  state: TurnState | undefined = undefined;

  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId: string | undefined;

  private readonly queuedUserMessages: string[] = [];

  constructor({
    sessionServices,
    promptContext,
    signal,
    subExecutionDepth = 0,
    agentName = ROOT_AGENT_NAME,
    skipHooks = false,
    parentExecutionId,
  }: AgentExecutionOptions) {
    this.sessionServices = sessionServices;
    this.promptContext = promptContext;
    this.subExecutionDepth = subExecutionDepth;
    this.agentName = agentName;
    this.skipHooks = skipHooks;
    this.parentExecutionId = parentExecutionId;
    if (signal !== undefined) {
      if (signal.aborted) this.abortController.abort(signal.reason);
      else signal.addEventListener("abort", () => this.abortController.abort(signal.reason), { once: true });
    }
  }

  get isTopLevel(): boolean {
    return this.subExecutionDepth === 0;
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  enqueueUserMessage(text: string): void {
    this.queuedUserMessages.push(text);
  }

  /** Removes and returns everything queued for the next prompt. */
  takeQueuedUserMessages(): string[] {
    return this.queuedUserMessages.splice(0, this.queuedUserMessages.length);
  }

  hasQueuedUserMessage(): boolean {
    if (this.queuedUserMessages.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messages.length;
  }
}
