// A single agent run (the root chat agent, a delegated sub-agent, or memory extraction).
import { randomBytes } from "node:crypto";
import type { SessionServices } from "../session/session-services.js";

export const ROOT_AGENT = "chat-agent";

export interface PromptContext {
  readonly cwd: string;
  readonly steeringFiles: readonly string[];
  readonly variables: Readonly<Record<string, string>>;
}

export interface AgentExecutionInit {
  sessionServices: SessionServices;
  promptContext: PromptContext;
  signal?: AbortSignal;
  /** 0 = top-level execution. */
  subExecutionDepth?: number;
  agentName?: string;
  skipHooks?: boolean;
}

export interface TranscriptItem {
  kind: "prompt" | "steering" | "reply" | "tool";
  text: string;
}

export class AgentExecution {
  readonly executionId = randomBytes(16).toString("hex");
  readonly createdAt = Date.now();
  readonly abortController = new AbortController();
  readonly sessionServices: SessionServices;
  readonly promptContext: PromptContext;
  readonly subExecutionDepth: number;
  readonly agentName: string;
  readonly skipHooks: boolean;
  drainRetryCount = 0;
  steeringReaderIndex = 0;
  deliveredIds: string[] = [];
  modelCalls = 0;
  state: unknown = undefined;
  #pendingSteering: string[] = [];

  constructor(init: AgentExecutionInit) {
    this.sessionServices = init.sessionServices;
    this.promptContext = init.promptContext;
    this.subExecutionDepth = init.subExecutionDepth ?? 0;
    this.agentName = init.agentName ?? ROOT_AGENT;
    this.skipHooks = init.skipHooks === true;
    const parentSignal = init.signal;
    if (parentSignal?.aborted) this.abortController.abort(parentSignal.reason);
    else parentSignal?.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
  }

  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  setSteeringReaderIndex(index: number): void {
    this.steeringReaderIndex = index;
  }

  enqueueSteering(prompt: string): void {
    this.#pendingSteering.push(prompt);
  }

  takePendingSteering(): string[] {
    return this.#pendingSteering.splice(0, this.#pendingSteering.length);
  }

  /** True while the steering store holds entries past the cursor, or prompts are still queued. */
  hasUnreadSteering(): boolean {
    return (
      this.#pendingSteering.length > 0 ||
      this.steeringReaderIndex < this.sessionServices.steeringStore.getMessageCount()
    );
  }

  describe(): string {
    return `${this.agentName} (${this.executionId.slice(0, 8)}) depth=${this.subExecutionDepth}`;
  }
}
