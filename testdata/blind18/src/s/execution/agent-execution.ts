import { ExecutionBase, type ExecutionBaseConfig } from "./execution-base.js";
import type { ConversationMessage, PromptContext, SessionServices } from "./types.js";
import type { GraphState } from "../graph/state.js";

export interface AgentExecutionConfig extends ExecutionBaseConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  /** memory extraction and other internal executions run without user hooks */
  skipHooks?: boolean;
}

export class AgentExecution extends ExecutionBase {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  readonly messages: ConversationMessage[] = [];
  state: GraphState | undefined = undefined;
  private readonly queuedUserMessages: ConversationMessage[] = [];

  constructor(config: AgentExecutionConfig) {
    super(config);
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueUserMessage(message: ConversationMessage): void {
    this.queuedUserMessages.push(message);
  }

  takeQueuedUserMessages(): ConversationMessage[] {
    return this.queuedUserMessages.splice(0, this.queuedUserMessages.length);
  }

  hasQueuedUserMessage(): boolean {
    return (
      this.steeringReaderIndex < this.sessionServices.steering.length || this.queuedUserMessages.length > 0
    );
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }
}
