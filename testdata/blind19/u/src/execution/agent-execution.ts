import { randomUUID } from "node:crypto";
import type { SessionServices } from "../core/services";
import type { GraphState } from "../graph/state";

export interface PromptEntry {
  role: "system" | "user" | "assistant" | "tool";
  text: string;
}

export interface PromptContext {
  systemPrompt: string;
  workspace: string;
}

export interface ExecutionConfig {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution */
  subExecutionDepth?: number;
  agentName?: string;
  initialPrompt?: string;
  skipHooks?: boolean;
}

export class AgentExecution {
  steeringReaderIndex = 0;
  drainRetryCount = 0;

  readonly executionId: string = randomUUID();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly abortController = new AbortController();
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  readonly deliveredSteering: string[] = [];
  state: GraphState | undefined;

  #transcript: PromptEntry[] = [];
  #queuedSteering: PromptEntry[] = [];

  constructor(config: ExecutionConfig) {
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.agentName = config.agentName ?? "chat-agent";
    this.skipHooks = config.skipHooks === true;
    if (config.signal) {
      const parent = config.signal;
      if (parent.aborted) this.abortController.abort(parent.reason);
      else parent.addEventListener("abort", () => this.abortController.abort(parent.reason), { once: true });
    }
    this.#transcript.push({ role: "system", text: config.promptContext.systemPrompt });
    if (config.initialPrompt) this.#transcript.push({ role: "user", text: config.initialPrompt });
  }

  get isRoot(): boolean {
    return this.subExecutionDepth === 0;
  }

  setSteeringReaderIndex(n: number): void {
    this.steeringReaderIndex = n;
  }

  queueSteering(id: string, text: string): void {
    this.deliveredSteering.push(id);
    this.#queuedSteering.push({ role: "user", text });
  }

  /** Whether live steering is still waiting for this execution. */
  get hasPendingSteering(): boolean {
    const { items } = this.sessionServices.steering.state;
    return this.steeringReaderIndex < items.length || this.#queuedSteering.length > 0;
  }

  append(entry: PromptEntry): void {
    this.#transcript.push(entry);
  }

  /** Moves queued steering into the transcript and returns what the model sees. */
  materialize(): readonly PromptEntry[] {
    if (this.#queuedSteering.length) {
      this.#transcript.push(...this.#queuedSteering);
      this.#queuedSteering = [];
    }
    return this.#transcript.slice();
  }
}
