import type { SessionServices } from "../session/services";
import type { TurnState } from "../graph/nodes";
import { newExecutionId } from "../util/ids";

export const ROOT_AGENT_NAME = "chat-agent";

export interface PromptContext {
  workspaceRoot: string;
  mode: "chat" | "memory" | "compaction";
  steeringFiles: readonly string[];
}

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  /** memory extraction and other internal executions run without user hooks */
  skipHooks?: boolean;
}

export class AgentExecution {
  readonly executionId: string = newExecutionId();
  readonly abortController = new AbortController();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  state: TurnState | undefined = undefined;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  /** ids injected by the live-steering hook since the last model response */
  readonly injectedSteeringIds: string[] = [];
  private readonly queuedUserMessages: string[] = [];
  readonly createdAt = Date.now();

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? ROOT_AGENT_NAME;
    this.skipHooks = config.skipHooks === true;
    const parentSignal = config.signal;
    if (parentSignal !== undefined) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueUserMessage(text: string): void {
    this.queuedUserMessages.push(text);
  }

  takeQueuedUserMessages(): string[] {
    return this.queuedUserMessages.splice(0, this.queuedUserMessages.length);
  }

  hasQueuedUserMessage(): boolean {
    return (
      this.queuedUserMessages.length > 0 ||
      this.steeringReaderIndex < this.sessionServices.liveSteering.messages.length
    );
  }

  describe(): string {
    return `${this.agentName} (${this.executionId.slice(0, 8)})`;
  }
}
