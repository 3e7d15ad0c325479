import type { ChatMessage, PromptContext, SessionServices } from "../types.js";
import { newExecutionId } from "../steering/ids.js";
import { traced } from "../util/traced.js";
import type { GraphState } from "./graph.js";

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName: string;
  skipHooks?: boolean;
  executionId?: string;
  history?: ChatMessage[];
}

/** One run of an agent: the root of a turn, a sub-agent, or a helper run. */
export class AgentExecution {
  readonly executionId: string;
  readonly agentName: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  readonly abortController = new AbortController();
  readonly startedAt = Date.now();
  messages: ChatMessage[] = [];
  pendingSteering: ChatMessage[] = [];
  deliveredSteeringIds: string[] = [];
  state: GraphState | undefined = undefined;
  disposed = false;
  steeringReaderIndex = 0;
  drainRetryCount = 0;

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.agentName = config.agentName;
    this.executionId = config.executionId ?? newExecutionId();
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks === true;
    if (config.history) this.messages = [...config.history];
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueSteeringPrompt(messageId: string, text: string): void {
    this.pendingSteering.push({ role: "user", text, steeringId: messageId });
    this.deliveredSteeringIds.push(messageId);
  }

  takePendingSteering(): ChatMessage[] {
    return this.pendingSteering.splice(0);
  }

  hasQueuedUserMessage(): boolean {
    return this.steeringReaderIndex < this.sessionServices.steering.messages.length || this.pendingSteering.length > 0;
  }

  lastAssistantText(): string {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      if (this.messages[i].role === "assistant") return this.messages[i].text;
    }
    return "";
  }

  @traced("execution.dispose")
  dispose(): void {
    this.disposed = true;
    this.pendingSteering.length = 0;
    this.state = undefined;
  }
}
