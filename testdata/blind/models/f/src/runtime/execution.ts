// src/runtime/execution.ts
import { executionId as newExecutionId } from "../core/ids.js";
import type { SessionServices } from "../session/services.js";
import type { TurnState } from "./turn-graph.js";

export interface PromptContext {
  system: string;
  cwd: string;
  modelId: string;
  attachments: string[];
}

export interface TranscriptItem {
  role: "user" | "assistant" | "tool";
  text: string;
  steeringId?: string;
  tool?: string;
}

export interface PendingSteering {
  messageId: string;
  text: string;
}

export interface ExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  parentExecutionId?: string;
}

export class AgentExecution {
  executionId: string;
  agentName: string;
  sessionServices: SessionServices;
  promptContext: PromptContext;
  subExecutionDepth: number;
  skipHooks: boolean;
  parentExecutionId: string | undefined;
  abortController: AbortController;
  transcript: TranscriptItem[];
  pendingSteering: PendingSteering[];
  deliveredSteering: string[];
  state: TurnState | undefined;
  needsContinuation: boolean;
  modelCalls: number;
  drainRetryCount: number;
  steeringReaderIndex: number;

  constructor(options: ExecutionOptions) {
    this.executionId = newExecutionId();
    this.agentName = options.agentName ?? "chat-agent";
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext;
    this.skipHooks = options.skipHooks === true;
    this.parentExecutionId = options.parentExecutionId;
    this.abortController = new AbortController();
    this.transcript = [];
    this.pendingSteering = [];
    this.deliveredSteering = [];
    this.state = undefined;
    this.needsContinuation = false;
    this.modelCalls = 0;
    this.drainRetryCount = 0;
    this.steeringReaderIndex = 0;
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    let parentSignal = options.signal;
    if (parentSignal) {
      parentSignal.aborted
        ? this.abortController.abort(parentSignal.reason)
        : parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal!.reason), { once: true });
    }
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  enqueueSteering(item: PendingSteering): void {
    this.pendingSteering.push(item);
  }

  flushSteering(): PendingSteering[] {
    let items = this.pendingSteering.splice(0, this.pendingSteering.length);
    for (let item of items) this.deliveredSteering.push(item.messageId);
    return items;
  }

  hasQueuedUserMessage(): boolean {
    return this.pendingSteering.length > 0 || this.steeringReaderIndex < this.sessionServices.liveSteering.size();
  }

  get aborted(): boolean {
    return this.abortController.signal.aborted;
  }

  label(): string {
    return `${this.agentName}#${this.executionId.substring(0, 8)}@${this.subExecutionDepth}`;
  }
}
