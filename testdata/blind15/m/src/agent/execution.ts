import { newExecutionId } from "../util/ids";
import type { SessionServices } from "../session/services";

export interface PromptContext {
  workspaceRoot: string;
  promptTemplateContext: Record<string, string>;
}

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
  parentExecutionId?: string;
}

export const ROOT_AGENT_NAME = "chat-agent";

export type ExecutionStatus = "created" | "running" | "finished" | "failed" | "cancelled";

export class AgentExecution {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  status: ExecutionStatus = "created";
  readonly executionId = newExecutionId();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController = new AbortController();
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId: string | undefined;
  /** steering ids the drain delivered and nobody has acknowledged for this execution yet */
  readonly deliveredSteering: string[] = [];
  #queuedUserMessages: string[] = [];

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? ROOT_AGENT_NAME;
    this.skipHooks = config.skipHooks === true;
    this.parentExecutionId = config.parentExecutionId;
    config.signal?.addEventListener("abort", () => this.abortController.abort(config.signal?.reason), { once: true });
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueUserMessage(text: string): void {
    this.#queuedUserMessages.push(text);
  }

  takeQueuedUserMessages(): string[] {
    return this.#queuedUserMessages.splice(0);
  }

  hasQueuedUserMessage(): boolean {
    return (
      this.#queuedUserMessages.length > 0 ||
      this.steeringReaderIndex < this.sessionServices.steering.entries.length
    );
  }
}

/** The parts of an execution's construction every child inherits from its parent. */
export function inheritedExecutionOptions(parent: AgentExecution) {
  return {
    sessionServices: parent.sessionServices,
    promptContext: parent.promptContext,
    signal: parent.abortController.signal,
    parentExecutionId: parent.executionId,
  };
}
