import { executionId as newExecutionId } from "../platform/ids";
import type { ChatMessage, PromptContext, SessionServices } from "./contracts";

export interface AgentExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** nesting level; 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  /** do not run user-defined hooks for this execution */
  skipHooks?: boolean;
}

export interface ExecutionSnapshot {
  context: ChatMessage[];
  iteration: number;
}

export class AgentExecution {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController: AbortController;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  steeringReaderIndex: number;
  drainRetryCount: number;
  state: ExecutionSnapshot | undefined;
  /** steering prompts the live-steering hook prepared for the next model call */
  private readonly pendingSteering: string[];
  /** ids of every steering message this execution was handed */
  readonly deliveredSteeringIds: string[];

  constructor(options: AgentExecutionOptions) {
    this.executionId = newExecutionId();
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName ?? "chat-agent";
    this.skipHooks = options.skipHooks ?? false;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.state = undefined;
    this.pendingSteering = [];
    this.deliveredSteeringIds = [];
    const upstream = options.signal;
    if (upstream !== undefined) {
      const forward = () => this.abortController.abort(upstream.reason);
      if (upstream.aborted) forward();
      else upstream.addEventListener("abort", forward, { once: true });
    }
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  enqueueSteeringPrompt(prompt: string): void {
    this.pendingSteering.push(prompt);
  }

  takePendingSteering(): string[] {
    const taken = this.pendingSteering.slice();
    this.pendingSteering.length = 0;
    return taken;
  }

  /** Steering still waiting: unread messages past the cursor, or prompts queued but not yet sent. */
  hasQueuedUserMessage(): boolean {
    if (this.pendingSteering.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.journal.entries.length;
  }

  get shortId(): string {
    return this.executionId.slice(0, 8);
  }
}
