// One run of an agent: the root chat agent of a turn, a sub-agent it delegated to, or a
// background execution (memory extraction). Owns its prompt queue and its steering cursor.
import type { SessionServices } from "../session/session-services.js";
import { newExecutionId } from "../util/ids.js";

export const ROOT_AGENT_NAME = "chat-agent";

export interface PromptContext {
  workspaceRoot: string;
  steeringDocuments: string[];
  promptTemplateContext: Record<string, string>;
}

export interface ExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution. */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  executionId?: string;
}

export interface ContextEntry {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface ExecutionStatus {
  phase: "created" | "running" | "completed" | "failed" | "aborted";
  modelCalls: number;
  finishedAt?: number;
}

function followAbort(source: AbortSignal, target: AbortController): void {
  if (source.aborted) {
    target.abort(source.reason);
    return;
  }
  source.addEventListener("abort", () => target.abort(source.reason), { once: true });
}

export class AgentExecution {
  readonly executionId: string;
  readonly agentName: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController: AbortController;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  steeringReaderIndex: number;
  drainRetryCount: number;
  /** Ids of steering messages this execution was handed. */
  readonly deliveredSteering: string[];
  status: ExecutionStatus;
  state: unknown;
  private pendingPrompts: string[];

  constructor(options: ExecutionOptions) {
    this.executionId = options.executionId ?? newExecutionId();
    this.agentName = options.agentName ?? ROOT_AGENT_NAME;
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.abortController = new AbortController();
    if (options.signal) followAbort(options.signal, this.abortController);
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.skipHooks = options.skipHooks ?? false;
    this.pendingPrompts = [];
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.deliveredSteering = [];
    this.status = { phase: "created", modelCalls: 0 };
    this.state = undefined;
  }

  get isTopLevel(): boolean {
    return this.subExecutionDepth === 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queuePrompt(text: string): void {
    this.pendingPrompts.push(text);
  }

  takeQueuedPrompts(): string[] {
    const taken = this.pendingPrompts;
    this.pendingPrompts = [];
    return taken;
  }

  /** Steering the execution has not handled yet: unread log entries, or prompts queued but not sent. */
  hasPendingSteering(): boolean {
    if (this.pendingPrompts.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.messages.length;
  }

  markRunning(): void {
    this.status = { ...this.status, phase: "running" };
  }

  markModelCall(): void {
    this.status = { ...this.status, modelCalls: this.status.modelCalls + 1 };
  }

  markFinished(phase: "completed" | "failed" | "aborted"): void {
    this.status = { ...this.status, phase, finishedAt: Date.now() };
  }
}
