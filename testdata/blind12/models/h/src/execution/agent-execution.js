import { executionId as newExecutionId } from "../support/ids.js";

/**
 * One run of an agent graph. Sub-agents and background agents (memory extraction) are
 * forked from the execution that starts them and share its session services.
 */
export class AgentExecution {
  /**
   * @param {{ sessionServices: import("../session/services.js").SessionServices, promptContext: object,
   *   signal?: AbortSignal, subExecutionDepth?: number, agentName?: string, skipHooks?: boolean,
   *   parentExecutionId?: string }} options
   */
  constructor({
    sessionServices,
    promptContext,
    signal,
    subExecutionDepth = 0, // 0 = top-level execution
    agentName = "chat-agent",
    skipHooks = false,
    parentExecutionId,
  }) {
    this.executionId = newExecutionId();
    this.sessionServices = sessionServices;
    this.promptContext = promptContext;
    this.subExecutionDepth = subExecutionDepth;
    this.agentName = agentName;
    this.skipHooks = skipHooks;
    this.parentExecutionId = parentExecutionId;
    this.abortController = new AbortController();
    signal?.addEventListener("abort", () => this.abortController.abort(signal.reason), { once: true });
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    this.userMessageQueue = [];
    this.receivedSteering = [];
    this.children = new Set();
    this.state = undefined;
  }

  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }

  /** A child execution one level down, sharing this execution's services and abort signal. */
  fork({ agentName, skipHooks = false, promptContext = this.promptContext }) {
    const child = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
      agentName,
      skipHooks,
      parentExecutionId: this.executionId,
    });
    this.children.add(child);
    return child;
  }

  queueUserMessage(text) {
    this.userMessageQueue.push(text);
  }

  dequeueUserMessage() {
    return this.userMessageQueue.shift();
  }

  hasQueuedUserMessage() {
    return (
      this.userMessageQueue.length > 0 ||
      this.steeringReaderIndex < this.sessionServices.liveSteering.messages.length
    );
  }
}
