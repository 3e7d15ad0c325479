import { randomUUID } from "node:crypto";

/** Cursor and retry bookkeeping shared by every kind of execution. */
export class ExecutionBase {
  constructor(sessionServices) {
    this.sessionServices = sessionServices;
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
  }

  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }

  hasQueuedUserMessage() {
    return this.steeringReaderIndex < this.sessionServices.steeringQueue.total() || this.pendingInjections.length > 0;
  }
}

export class AgentExecution extends ExecutionBase {
  constructor({ sessionServices, promptContext, signal, subExecutionDepth, agentName = "chat-agent", skipHooks = false, task } = {}) {
    super(sessionServices);
    this.executionId = randomUUID();
    this.promptContext = promptContext;
    this.subExecutionDepth = subExecutionDepth ?? 0; // 0 = top-level execution
    this.agentName = agentName;
    this.skipHooks = skipHooks;
    this.abortController = new AbortController();
    signal?.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.pendingInjections = [];
    this.receivedSteering = [];
    this.conversation = [{ role: "system", text: promptContext.instructions }];
    if (task) this.conversation.push({ role: "user", text: task });
    this.state = undefined;
  }

  get shortId() {
    return this.executionId.slice(0, 8);
  }

  injectUserMessage(steeringId, text) {
    this.receivedSteering.push(steeringId);
    this.pendingInjections.push({ role: "user", text });
  }

  record(role, text) {
    this.conversation.push({ role, text });
  }

  contextForModel() {
    const pending = this.pendingInjections.splice(0);
    this.conversation.push(...pending);
    return [...this.conversation];
  }
}
