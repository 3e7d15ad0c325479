// src/agent/agent-execution.ts
import { newExecutionId } from "../util/ids.js";

export class AgentExecution {
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  pendingUserMessages = [];
  deliveredSteering = [];
  messages = [];
  state = undefined;

  constructor(config) {
    this.executionId = newExecutionId();
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext ?? {};
    this.agentName = config.agentName ?? "chat-agent";
    // 0 = top-level execution
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
    this.abortController = new AbortController();
    const parentSignal = config.signal;
    if (parentSignal) {
      if (parentSignal.aborted) this.abortController.abort(parentSignal.reason);
      else parentSignal.addEventListener("abort", () => this.abortController.abort(parentSignal.reason), { once: true });
    }
  }

  get isTopLevel() {
    return this.subExecutionDepth === 0;
  }

  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }

  queueUserMessage(text, meta = {}) {
    this.pendingUserMessages.push({ role: "user", text, meta });
  }

  takeQueuedMessages() {
    const queued = this.pendingUserMessages;
    this.pendingUserMessages = [];
    return queued;
  }

  hasQueuedUserMessage() {
    const buffer = this.sessionServices.steering;
    return this.steeringReaderIndex < buffer.store.items.length || this.pendingUserMessages.length > 0;
  }
}
