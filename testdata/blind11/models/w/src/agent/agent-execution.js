import { executionId as newExecutionId } from "../lib/ids.js";

export const ROOT_AGENT = "chat-agent";

/**
 * @typedef {object} ExecutionConfig
 * @property {import("../session/services.js").SessionServices} sessionServices
 * @property {object} promptContext
 * @property {AbortSignal} [signal]
 * @property {number} [subExecutionDepth] 0 = top-level execution
 * @property {string} [agentName]
 * @property {boolean} [skipHooks]
 */

/** One run of the agent graph, top-level or nested under another execution. */
export class AgentExecution {
  /** prompts queued by the steering drain for the next model call */
  #queued = [];

  /** @param {ExecutionConfig} config */
  constructor(config) {
    this.executionId = newExecutionId();
    this.agentName = config.agentName ?? ROOT_AGENT;
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    // 0 = top-level execution
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks === true;
    this.abortController = new AbortController();
    const parentSignal = config.signal;
    if (parentSignal) {
      const forward = () => this.abortController.abort(parentSignal.reason);
      if (parentSignal.aborted) forward();
      else parentSignal.addEventListener("abort", forward, { once: true });
    }
    this.steeringReaderIndex = 0;
    this.drainRetryCount = 0;
    /** @type {string[]} ids of the steering messages handed to this execution */
    this.deliveredSteering = [];
    this.state = undefined;
    this.startedAt = Date.now();
  }

  /** @param {number} n */
  setSteeringReaderIndex(n) {
    this.steeringReaderIndex = n;
  }

  /**
   * Builds a sub-execution one level below this one, sharing its session
   * services (and so the session's steering log) and its prompt context.
   * Used by the sub-agent tool, memory extraction and context compaction.
   * @param {{ agentName: string, skipHooks?: boolean }} options
   */
  fork(options) {
    return new AgentExecution({
      ...options,
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      subExecutionDepth: this.subExecutionDepth + 1,
    });
  }

  /** @param {string} text */
  enqueueUserMessage(text) {
    this.#queued.push(text);
  }

  /** @returns {string[]} */
  drainQueuedUserMessages() {
    const out = this.#queued;
    this.#queued = [];
    return out;
  }

  hasQueuedUserMessage() {
    if (this.#queued.length > 0) return true;
    return this.steeringReaderIndex < this.sessionServices.steering.log.nextIndex;
  }
}
