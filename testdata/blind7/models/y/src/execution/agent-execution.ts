// src/execution/agent-execution.ts
import { ExecutionBase } from "./execution-base.js";
import type { SessionServices } from "../session/session-services.js";

export interface PromptContext {
  systemPrompt: string;
  cwd: string;
  steeringFiles: string[];
}

export interface TranscriptItem {
  role: "system" | "user" | "assistant" | "tool";
  text: string;
}

export interface AgentExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  subExecutionDepth?: number;
  agentName: string;
  skipHooks?: boolean;
  task?: string;
}

export class AgentExecution extends ExecutionBase {
  steeringReaderIndex: number;
  drainRetryCount: number;
  sessionServices: SessionServices;
  promptContext: PromptContext;
  subExecutionDepth: number;
  agentName: string;
  skipHooks: boolean;
  transcript: TranscriptItem[];
  promptQueue: TranscriptItem[];
  injectedSteeringIds: string[];

  constructor(options: AgentExecutionOptions) {
    super(options.signal);
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    // 0 = top-level execution
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.agentName = options.agentName;
    this.skipHooks = options.skipHooks === true;
    this.transcript = [];
    this.promptQueue = [];
    this.injectedSteeringIds = [];
    if (options.task != null) this.transcript.push({ role: "user", text: options.task });
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  enqueuePrompt(text: string): void {
    this.promptQueue.push({ role: "user", text });
  }

  hasQueuedUserMessage(): boolean {
    let steering = this.sessionServices.steering;
    return this.promptQueue.length > 0 || this.steeringReaderIndex < steering.state.messages.length;
  }

  takeContext(): TranscriptItem[] {
    let queued = this.promptQueue;
    this.promptQueue = [];
    for (let item of queued) this.transcript.push(item);
    return [{ role: "system", text: this.promptContext.systemPrompt }, ...this.transcript];
  }

  describe(): string {
    return `${this.agentName} (${this.executionId.slice(0, 8)}) depth=${this.subExecutionDepth}`;
  }
}
