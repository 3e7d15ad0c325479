import { AgentExecution, ROOT_AGENT } from "../agent/agent-execution.js";
import { ExecutionRunner } from "../agent/runner.js";
import { sessionId as newSessionId } from "../lib/ids.js";
import { logger } from "../lib/log.js";
import { extractMemories } from "../memory/extract-memories.js";
import { TAG } from "../steering/inject.js";
import { defaultTools } from "../tools/index.js";
import { createSessionServices } from "./services.js";
import { clearSteeringAtTurnBoundary } from "./turn-boundary.js";

const MAX_ROOT_CONTINUATIONS = 2;
const CONTINUATION_PROMPT = "More guidance from the user arrived after your reply. Continue with it.";

/**
 * `_session/steer/clear` and its in-process twin: clear through the
 * turn-boundary helper and bump the steering epoch.
 * @param {AcpSession} session
 * @param {string} reason
 */
export function clearSessionSteering(session, reason) {
  const messageIds = clearSteeringAtTurnBoundary(session.sessionServices, reason);
  session.sessionServices.steering.epoch += 1;
  return { cleared: true, messageIds };
}

/** One ACP session of the agent server. */
export class AcpSession {
  #runner;
  #abort = new AbortController();

  /**
   * @param {{ invoke: Function }} model
   * @param {{ sessionId?: string, cwd?: string, hooks?: Function[], send?: (n: object) => void }} [options]
   */
  constructor(model, options = {}) {
    this.sessionId = options.sessionId ?? newSessionId();
    this.sessionServices = createSessionServices({ sessionId: this.sessionId, hooks: options.hooks, send: options.send });
    this.eventAdapter = this.sessionServices.events;
    this.promptContext = { promptTemplateContext: { cwd: options.cwd ?? process.cwd() } };
    this.#runner = new ExecutionRunner({ model, tools: defaultTools(), session: this });
  }

  /**
   * Queue steering typed (or posted) while the agent works.
   * @param {string} text
   * @param {string} [origin]
   */
  steer(text, origin = "user") {
    const entry = this.sessionServices.steering.log.append(text, origin);
    this.eventAdapter.publish("steering_queued", { messageIds: [entry.id] });
    return entry;
  }

  /** @param {string} [reason] */
  clearSteering(reason = "user_clear") {
    return clearSessionSteering(this, reason);
  }

  cancel() {
    this.#abort.abort(new Error("session/cancel"));
    this.#abort = new AbortController();
    clearSteeringAtTurnBoundary(this.sessionServices, "cancel");
  }

  /** @param {string} text */
  async prompt(text) {
    const rootConfig = {
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.#abort.signal,
      agentName: ROOT_AGENT,
    };
    let active = new AgentExecution(rootConfig);
    this.eventAdapter.setOwnedExecutionId(active.executionId);
    try {
      let reply = await this.#runner.run(active, text);
      for (let round = 0; round < MAX_ROOT_CONTINUATIONS; round++) {
        const cursor = active.steeringReaderIndex;
        if (cursor >= this.sessionServices.steering.log.nextIndex) break;
        logger.info(`${TAG} unread steering after the final response; continuing ${ROOT_AGENT}`);
        active = new AgentExecution(rootConfig);
        active.setSteeringReaderIndex(cursor);
        this.eventAdapter.setOwnedExecutionId(active.executionId);
        reply = await this.#runner.run(active, CONTINUATION_PROMPT);
      }
      await extractMemories(active, this.#runner);
      clearSteeringAtTurnBoundary(this.sessionServices, "turn_end");
      return reply;
    } catch (err) {
      clearSteeringAtTurnBoundary(this.sessionServices, "prompt_error");
      throw err;
    }
  }
}
