import { makeExecutionId } from "../kernel/ids.js";
import type { PromptContext, SessionServices, Turn } from "../types.js";
import type { LoopState } from "./loop.js";

export interface ExecutionInit {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  subExecutionDepth?: number;
  agentName: string;
  skipHooks?: boolean;
  transcript?: Turn[];
  parentExecutionId?: string;
}

export class AgentExecutionImpl {
  executionId: string;
  agentName: string;
  sessionServices: SessionServices;
  promptContext: PromptContext;
  subExecutionDepth: number;
  skipHooks: boolean;
  parentExecutionId: string | undefined;
  abortController: AbortController;
  transcript: Turn[];
  queue: Map<string, Turn>;
  delivered: string[];
  state: LoopState | undefined;
  steeringReaderIndex: number;
  drainRetryCount: number;

  constructor(init: ExecutionInit) {
    this.executionId = makeExecutionId();
    this.agentName = init.agentName;
    this.sessionServices = init.sessionServices;
    this.promptContext = init.promptContext;
    this.subExecutionDepth = init.subExecutionDepth ?? 0;
    this.skipHooks = !!init.skipHooks;
    this.parentExecutionId = init.parentExecutionId;
    this.abortController = new AbortController();
    this.transcript = init.transcript ? init.transcript.slice() : [];
    this.queue = new Map();
    this.delivered = [];
    this.state = undefined;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    const upstream = init.signal;
    if (upstream) {
      const forward = () => this.abortController.abort(upstream.reason);
      if (upstream.aborted) forward();
      else upstream.addEventListener("abort", forward, { once: true });
    }
  }

  setSteeringReaderIndex(value: number): void {
    this.steeringReaderIndex = value;
  }

  enqueuePrompt(entryId: string, text: string): void {
    this.queue.set(entryId, { role: "user", text, steering: entryId });
  }

  /** Moves queued steering prompts into the transcript; returns their ids. */
  flushQueue(): string[] {
    const ids = [...this.queue.keys()];
    for (const turn of this.queue.values()) this.transcript.push(turn);
    this.queue.clear();
    this.delivered.push(...ids);
    return ids;
  }

  hasQueuedUserMessage(): boolean {
    const total = this.sessionServices.steering.store.entries.length;
    return total > this.steeringReaderIndex || this.queue.size !== 0;
  }

  finalText(): string {
    const last = this.transcript.filter((t) => t.role === "assistant").pop();
    return last ? last.text : "";
  }

  get depthLabel(): string {
    return this.subExecutionDepth === 0 ? "root" : "sub@" + this.subExecutionDepth;
  }
}
