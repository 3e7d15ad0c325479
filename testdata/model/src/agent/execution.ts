import type { LiveSteeringBuffer, SteeringMessage } from "../steering/live-steering-buffer";
import type { Logger } from "../util/logger";

export interface ExecutionRegistry {
  register(execution: AgentExecution): void;
}

export interface SessionServices {
  sessionId: string;
  liveSteering: LiveSteeringBuffer;
  registry: ExecutionRegistry;
  logger: Logger;
  model: { invoke(execution: AgentExecution): Promise<ModelTurn> };
}

export interface PromptContext {
  systemPrompt: string;
  workspace: string;
}

export type ModelTurn =
  | { kind: "reply"; text: string }
  | { kind: "tool"; name: string; input: unknown }
  | { kind: "error"; message: string }
  | { kind: "settle-fail"; message: string };

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal: AbortSignal;
  agentName: string;
  // 0 = top-level execution
  subExecutionDepth?: number;
  skipHooks?: boolean;
}

let executionSequence = 0;

export class AgentExecution {
  readonly executionId: string;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly signal: AbortSignal;
  readonly agentName: string;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  readonly abortController = new AbortController();
  state: unknown = undefined;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  steeringExhausted = false;
  private queuedSteering: SteeringMessage[] = [];
  readonly prompts: SteeringMessage[][] = [];

  constructor(config: AgentExecutionConfig) {
    this.executionId = `${(++executionSequence).toString(16).padStart(8, "0")}-${config.agentName}`;
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.signal = config.signal;
    this.agentName = config.agentName;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
    config.signal.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.sessionServices.registry.register(this);
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
  }

  // Moves queued steering into the next model prompt.
  takeQueuedSteering(): SteeringMessage[] {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    this.prompts.push(taken);
    return taken;
  }

  // The end-of-turn check: unread buffer entries or a non-empty own queue.
  hasQueuedUserMessage(): boolean {
    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
}
