// src/agent/agent-execution.ts
import { newExecutionId } from "../util/ids.js";
import { linkAbort } from "../util/async.js";
import type { SessionServices } from "../session/session-services.js";
import type { GraphState } from "./execution-graph.js";

export interface PromptContext {
  systemPrompt: string;
  cwd: string;
  modelId: string;
  workspaceHash: string;
  resources?: string[];
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
  toolAllowList?: string[];
  maxSteps?: number;
}

export interface HistoryEntry {
  role: "user" | "assistant" | "tool" | "steering";
  text: string;
  toolName?: string;
  steeringId?: string;
}

export interface QueuedSteering {
  messageId: string;
  kind: string;
  prompt: string;
}

export class AgentExecution {
  readonly executionId = newExecutionId();
  readonly abortController = new AbortController();
  readonly history: HistoryEntry[] = [];
  readonly injectedSteeringIds: string[] = [];
  readonly startedAt = Date.now();
  queuedSteering: QueuedSteering[] = [];
  state: GraphState | undefined = undefined;
  steps = 0;
  finished = false;
  steeringReaderIndex = 0;
  drainRetryCount = 0;

  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly parentExecutionId: string | undefined;
  readonly toolAllowList: string[] | undefined;
  readonly maxSteps: number;

  constructor(config: AgentExecutionConfig) {
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks ?? false;
    this.parentExecutionId = config.parentExecutionId;
    this.toolAllowList = config.toolAllowList;
    this.maxSteps = config.maxSteps ?? 200;
    linkAbort(config.signal, this.abortController);
  }

  get isSubExecution(): boolean {
    return this.subExecutionDepth > 0;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueSteeringMessage(entry: QueuedSteering): void {
    this.queuedSteering.push(entry);
    this.injectedSteeringIds.push(entry.messageId);
  }

  takeQueuedSteering(): QueuedSteering[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    return taken;
  }

  /** Steering still waiting for this execution: unread buffer entries or its own queue. */
  hasQueuedUserMessage(): boolean {
    if (this.queuedSteering.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steeringBuffer.messages.length;
  }

  abort(reason = "cancelled"): void {
    this.abortController.abort(reason);
  }

  describe(): string {
    return `${this.agentName} (${this.executionId.slice(0, 8)})`;
  }
}
