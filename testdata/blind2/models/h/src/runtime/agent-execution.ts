import { newExecutionId } from "../core/ids";
import type { SessionServices } from "../server/session-services";
import { ExecutionBase, type ChatMessage } from "./execution-base";

export interface PromptContext {
  readonly cwd: string;
  readonly system: string;
}

export interface AgentExecutionOptions {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal: AbortSignal;
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  executionId?: string;
  messages?: ChatMessage[];
}

export class AgentExecution extends ExecutionBase {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController = new AbortController();
  /** 0 = top-level execution */
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly messages: ChatMessage[];

  constructor({
    sessionServices,
    promptContext,
    signal,
    subExecutionDepth = 0,
    agentName = "chat-agent",
    skipHooks = false,
    executionId = newExecutionId(),
    messages = [],
  }: AgentExecutionOptions) {
    super();
    this.executionId = executionId;
    this.sessionServices = sessionServices;
    this.promptContext = promptContext;
    this.subExecutionDepth = subExecutionDepth;
    this.agentName = agentName;
    this.skipHooks = skipHooks;
    this.messages = messages;
    signal?.addEventListener("abort", () => this.abortController.abort(signal.reason), { once: true });
  }

  /** The root execution of a session, re-run for its next turn. */
  static resume(previous: AgentExecution, signal: AbortSignal): AgentExecution {
    return new AgentExecution({
      sessionServices: previous.sessionServices,
      promptContext: previous.promptContext,
      signal,
      agentName: previous.agentName,
      executionId: previous.executionId,
      messages: previous.messages,
    });
  }

  flushPending(): void {
    while (this.pendingUserMessages.length > 0) this.messages.push(this.pendingUserMessages.shift()!);
  }
}
