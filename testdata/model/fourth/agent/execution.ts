import type { SessionServices } from "../session/services";
import type { SteeringPrompt } from "../steering/steering-prompt";

export interface PromptContext {
  systemPrompt: string;
  workspace: string;
}

export interface ExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal: AbortSignal;
  agentName: string;
  // 0 = top-level execution
  subExecutionDepth?: number;
  skipHooks?: boolean;
}

let created = 0;

function mintExecutionId(agentName: string): string {
  created += 1;
  return `x${created.toString(16).padStart(7, "0")}-${agentName}`;
}

export class AgentExecution {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly agentName: string;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  readonly abortController: AbortController;
  readonly prompts: SteeringPrompt[][];
  steeringReaderIndex: number;
  drainRetryCount: number;
  steeringExhausted: boolean;
  private inbox: SteeringPrompt[];

  constructor(options: ExecutionOptions) {
    this.executionId = mintExecutionId(options.agentName);
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.agentName = options.agentName;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.skipHooks = options.skipHooks === true;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.steeringExhausted = false;
    this.inbox = [];
    this.prompts = [];
    // the parent's signal cancels this execution; this execution's own controller cancels its children
    this.abortController = new AbortController();
    const onAbort = () => this.abortController.abort();
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener("abort", onAbort, { once: true });
    this.sessionServices.executions.push(this);
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  queueSteering(prompt: SteeringPrompt): void {
    this.inbox.push(prompt);
  }

  // Steering still waiting: unread in the session buffer, or queued here but not yet prompted.
  hasQueuedUserMessage(): boolean {
    if (this.inbox.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.size();
  }

  startPrompt(): SteeringPrompt[] {
    const batch = this.inbox.splice(0, this.inbox.length);
    this.prompts.push(batch);
    return batch;
  }

  get cancelled(): boolean {
    return this.abortController.signal.aborted;
  }
}
