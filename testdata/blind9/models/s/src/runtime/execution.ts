import { ids } from "../core/ids";
import type { SteeringBuffer } from "../steering/buffer";
import type { ServerConfig } from "../config/defaults";

export interface SessionServices {
  readonly sessionId: string;
  readonly steeringBuffer: SteeringBuffer;
  readonly config: ServerConfig;
  emit(kind: "steering_queued" | "steering_injected" | "steering_cleared", payload: Record<string, unknown>): void;
}

export interface PromptContext {
  cwd: string;
  mode: "vibe" | "spec";
  promptTemplateContext: Record<string, string>;
}

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
}

export class AgentExecution {
  executionId = ids.execution();
  abortController = new AbortController();
  drainRetryCount = 0;
  steeringReaderIndex = 0;
  inbox: string[] = [];
  startedAt = 0;
  finishedAt = 0;
  sessionServices: SessionServices;
  promptContext: PromptContext;
  subExecutionDepth: number;
  agentName: string;
  skipHooks: boolean;
  state?: unknown;

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    // 0 = top-level execution
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? config.sessionServices.config.agents.rootAgentName;
    this.skipHooks = config.skipHooks ?? false;
    config.signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  enqueueUserMessage(text: string): void {
    this.inbox.push(text);
  }

  hasQueuedUserMessage(): boolean {
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messageCount() || this.inbox.length > 0;
  }

  get shortId(): string {
    return this.executionId.slice(0, 8);
  }
}
