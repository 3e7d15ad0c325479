// src/execution/execution.ts
import { randomUUID } from "node:crypto";

export class Execution {
  #pending = [];
  #transcript = [];

  constructor(options) {
    this.executionId = randomUUID();
    this.agentName = options.agentName ?? "chat-agent";
    this.sessionServices = options.sessionServices;
    this.promptContext = options.promptContext ?? {};
    this.subExecutionDepth = options.subExecutionDepth ?? 0;
    this.skipHooks = !!options.skipHooks;
    this.abortController = new AbortController();
    options.signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.receivedSteering = new Set();
    this.state = null;
  }

  get steeringPending() {
    const inbox = this.sessionServices.get("steering");
    return this.steeringReaderIndex < inbox.messageCount() || this.#pending.length !== 0;
  }

  setSteeringReaderIndex(value) {
    this.steeringReaderIndex = value;
  }

  enqueue(message) {
    this.#pending.push(message);
  }

  append(message) {
    this.#transcript.push(message);
  }

  takeContext() {
    this.#transcript.push(...this.#pending.splice(0));
    return [...this.#transcript];
  }
}
