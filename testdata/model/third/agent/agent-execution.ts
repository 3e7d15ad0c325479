import type { SessionServices } from "../session/session-services";
import type { QueuedSteering } from "../steering/steering-types";
import { ExecutionCancelledError } from "../util/errors";
import { newExecutionId } from "../util/ids";
import { ExecutionStatus, type PromptContext, type PromptRecord } from "./agent-types";

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal: AbortSignal;
  agentName: string;
  /** 0 = top-level execution; sub-agents run at their parent's depth + 1 */
  subExecutionDepth?: number;
  /** skip user-configured lifecycle hooks (internal executions such as memory extraction) */
  skipHooks?: boolean;
}

/**
 * One run of an agent through the turn graph. The root agent of a prompt, each
 * sub-agent and the memory-extraction pass are all AgentExecutions sharing the
 * session's services (and so the session's steering buffer).
 */
export class AgentExecution {
  readonly executionId: string = newExecutionId();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly signal: AbortSignal;
  readonly agentName: string;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  status: ExecutionStatus = ExecutionStatus.Created;

  /** read position in the session's steering buffer */
  steeringReaderIndex = 0;
  /** how often the end-of-turn check looped back because steering was queued */
  drainRetryCount = 0;
  steeringExhausted = false;

  /** drained steering waiting for the next prompt */
  readonly steeringInbox: QueuedSteering[] = [];
  readonly prompts: PromptRecord[] = [];

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.signal = config.signal;
    this.agentName = config.agentName;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
    this.sessionServices.executions?.track(this);
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  /** Is steering waiting for this execution (unread in the buffer, or drained but not yet prompted)? */
  hasPendingSteering(): boolean {
    if (this.steeringReaderIndex < this.sessionServices.steeringBuffer.count) return true;
    return this.steeringInbox.length > 0;
  }

  enqueueSteering(item: QueuedSteering): void {
    this.steeringInbox.push(item);
  }

  /** Hands the inbox to the prompt builder and empties it. */
  takeSteering(): QueuedSteering[] {
    return this.steeringInbox.splice(0);
  }

  recordPrompt(steering: readonly QueuedSteering[]): PromptRecord {
    const record: PromptRecord = { invocation: this.prompts.length + 1, steering };
    this.prompts.push(record);
    return record;
  }

  throwIfCancelled(): void {
    if (this.signal.aborted) throw new ExecutionCancelledError(this.agentName);
  }
}
