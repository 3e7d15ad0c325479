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
  agentName: string;
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal: AbortSignal;
  // 0 = top-level execution
  subExecutionDepth?: number;
  skipHooks?: boolean;
}

let executionCounter = 0;

export class AgentExecution {
  declare readonly executionId: string;
  declare readonly agentName: string;
  declare readonly subExecutionDepth: number;
  declare readonly sessionServices: SessionServices;
  declare readonly promptContext: PromptContext;
  declare readonly signal: AbortSignal;
  declare readonly skipHooks: boolean;
  declare readonly abortController: AbortController;
  declare readonly prompts: SteeringMessage[][];
  declare state: unknown;
  declare drainRetryCount: number;
  declare steeringReaderIndex: number;
  declare steeringExhausted: boolean;
  declare private queuedSteering: SteeringMessage[];

  constructor(config: AgentExecutionConfig) {
    this.agentName = config.agentName;
    this.executionId = `${(++executionCounter).toString(16).padStart(8, "0")}-${config.agentName}`;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.signal = config.signal;
    this.abortController = new AbortController();
    this.drainRetryCount = 0;
    this.steeringReaderIndex = 0;
    this.steeringExhausted = false;
    this.queuedSteering = [];
    this.prompts = [];
    this.state = void 0;
    config.signal.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.sessionServices.registry.register(this);
  }

  // The end-of-turn check: a non-empty own queue or unread buffer entries.
  hasQueuedUserMessage(): boolean {
    if (this.queuedSteering.length !== 0) {
      return true;
    }
    return this.steeringReaderIndex < this.sessionServices.liveSteering.size();
  }

  // Moves queued steering into the next model prompt.
  takeQueuedSteering(): SteeringMessage[] {
    let taken = this.queuedSteering;
    this.prompts.push(taken);
    this.queuedSteering = [];
    return taken;
  }

  queueSteering(message: SteeringMessage): void {
    this.queuedSteering.push(message);
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }
}
