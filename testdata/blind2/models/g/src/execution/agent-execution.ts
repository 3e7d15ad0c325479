import { randomUUID } from "node:crypto";
import type { SessionServices } from "../session/session-services";
import type { GraphState } from "../graph/graph";

export interface ChatMessage {
  role: "user" | "assistant" | "tool";
  text: string;
}

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
}

export interface PromptContext {
  workspace: string;
  systemPrompt: string;
}

/** Steering messages waiting to be folded into an execution's next prompt. */
export const promptQueues = new WeakMap<AgentExecution, ChatMessage[]>();

export class AgentExecution {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController: AbortController;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly messages: ChatMessage[];
  steeringReaderIndex: number;
  drainRetryCount: number;
  state: GraphState | undefined;

  constructor(config: AgentExecutionConfig) {
    this.executionId = randomUUID();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks === true;
    this.abortController = new AbortController();
    if (config.signal) {
      const onAbort = () => this.abortController.abort(config.signal!.reason);
      config.signal.addEventListener("abort", onAbort, { once: true });
    }
    this.messages = [];
    this.drainRetryCount = 0;
    this.steeringReaderIndex = 0;
    promptQueues.set(this, []);
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  hasQueuedUserMessage(): boolean {
    const queued = promptQueues.get(this);
    if (queued !== undefined && queued.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.total;
  }

  /** Moves queued steering into the conversation right before a model call. */
  foldQueuedMessages(): number {
    const queued = promptQueues.get(this) ?? [];
    const n = queued.length;
    this.messages.push(...queued.splice(0, n));
    return n;
  }
}
