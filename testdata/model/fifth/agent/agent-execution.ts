import type { SessionServices } from "../session/services";
import type { SteeringKind } from "../steering/steering-buffer";
import { logger } from "../util/logger";

export interface PromptContext {
  readonly systemPrompt: string;
  readonly workspace: string;
}

export interface QueuedSteering {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  readonly prompt: string;
}

export interface AgentExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal: AbortSignal;
  agentName: string;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  skipHooks?: boolean;
}

const log = logger.child("execution");
let sequence = 0;

export class AgentExecution {
  readonly executionId = `${(++sequence).toString(16).padStart(8, "0")}:${Date.now().toString(36)}`;
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly agentName: string;
  readonly subExecutionDepth: number;
  readonly skipHooks: boolean;
  readonly abortController = new AbortController();
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  steeringExhausted = false;
  readonly steeringQueue: QueuedSteering[] = [];
  readonly prompts: QueuedSteering[][] = [];

  constructor(config: AgentExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.agentName = config.agentName;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
    if (config.signal.aborted) this.abortController.abort();
    else config.signal.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.sessionServices.created.push(this);
    log.debug(`created ${this.agentName} at depth ${this.subExecutionDepth}`);
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  queueSteering(item: QueuedSteering): void {
    this.steeringQueue.push(item);
  }

  hasQueuedSteering(): boolean {
    const buffer = this.sessionServices.steeringBuffer;
    return this.steeringQueue.length > 0 || this.steeringReaderIndex < buffer.length;
  }

  // The prompt for the next model call takes everything queued so far.
  nextPrompt(): QueuedSteering[] {
    const items = this.steeringQueue.splice(0);
    this.prompts.push(items);
    return items;
  }

  handledSteeringIds(): string[] {
    return this.prompts.flatMap((items) => items.map((item) => item.id));
  }
}
