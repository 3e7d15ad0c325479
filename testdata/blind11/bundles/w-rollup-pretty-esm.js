// Log sink for kiro.log. Lines are kept in memory (exported as `logLines`) and
// mirrored to stderr when KIRO_AGENT_LOG_STDERR is set.

/** @type {string[]} */
const logLines = [];

const debugEnabled = () => Boolean(process.env.KIRO_AGENT_DEBUG);

/**
 * @param {"debug"|"info"|"warn"|"error"} level
 * @param {string} text
 */
function write(level, text) {
  if (level === "debug" && !debugEnabled()) return;
  const line = `[${new Date().toISOString()}] [${level}] ${text}`;
  logLines.push(line);
  if (process.env.KIRO_AGENT_LOG_STDERR) console.error(line);
}

const logger = {
  /** @param {string} text */ debug: (text) => write("debug", text),
  /** @param {string} text */ info: (text) => write("info", text),
  /** @param {string} text */ warn: (text) => write("warn", text),
  /** @param {string} text @param {unknown} [err] */
  error: (text, err) => write("error", err instanceof Error ? `${text}: ${err.stack ?? err.message}` : text),
};

const { crypto } = globalThis;

/** @param {number} bytes */
function randomHex(bytes) {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  let out = "";
  for (const b of buf) out += b.toString(16).padStart(2, "0");
  return out;
}

let sequence = 0;

/**
 * Steering message ids: `steer-<hex>` for a person's text, `notify-<hex>` for
 * notifications. A sequence number keeps them unique within the process.
 * @param {"steer"|"notify"} prefix
 */
function steeringMessageId(prefix) {
  sequence = (sequence + 1) % 0x10000;
  return `${prefix}-${sequence.toString(16).padStart(4, "0")}${randomHex(4)}`;
}

const executionId = () => `${randomHex(4)}${randomHex(2)}-${randomHex(6)}`;

const sessionId = () => `session-${randomHex(12)}`;

const ROOT_AGENT = "chat-agent";

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
class AgentExecution {
  /** prompts queued by the steering drain for the next model call */
  #queued = [];

  /** @param {ExecutionConfig} config */
  constructor(config) {
    this.executionId = executionId();
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

const TAG = "[LiveSteeringHook]";

const WORDING = {
  recap:
    "While you delegated work to subagent(s), the user sent the message below. The subagent(s) have already seen it; fold it into what is left of the work.",
  active:
    "The user sent the message below while you were working. Adjust your approach as the currently active agent and acknowledge it in your reply.",
  info: "Informational only: a notification from the running workflow. No reply is needed.",
};

/**
 * The live-steering drain, run at MODEL_INVOKE for every execution. Moves the
 * execution's reader index over the session's steering log and queues every
 * message it passes into the execution's next prompt.
 * @param {import("../agent/agent-execution.js").AgentExecution} execution
 * @returns {Promise<number>} how many messages were queued
 */
async function injectLiveSteering(execution) {
  const { steering, events } = execution.sessionServices;
  const log = steering.log;
  const injected = [];
  while (execution.steeringReaderIndex < log.nextIndex) {
    const msg = log.at(execution.steeringReaderIndex++);
    let body;
    switch (msg.kind) {
      case "user": {
        let delegated = false;
        for (const handlerId of msg.handlers) {
          if (handlerId !== execution.executionId) {
            delegated = true;
            break;
          }
        }
        body = `${delegated ? WORDING.recap : WORDING.active}\n[STEERING ${msg.id}] ${msg.text}`;
        break;
      }
      default:
        body = `${WORDING.info}\n[NOTIFY ${msg.id}] ${msg.text}`;
    }
    execution.enqueueUserMessage(body);
    execution.deliveredSteering.push(msg.id);
    injected.push(msg.id);
    logger.info(
      `${TAG} injected steering ${msg.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${msg.handlers.size})`,
    );
  }
  if (injected.length > 0) {
    events.publish("steering_injected", { executionId: execution.executionId, messageIds: injected });
    events.publish("steering_cleared", { executionId: execution.executionId, messageIds: injected, reason: "injected" });
  }
  return injected.length;
}

/**
 * Drops the session's queued steering at a turn boundary (turn end, cancel,
 * prompt error, model-settle failure, explicit clear) and tells the client.
 * @param {import("./services.js").SessionServices} services
 * @param {string} reason
 * @returns {string[]} the ids that were dropped
 */
function clearSteeringAtTurnBoundary(services, reason) {
  const messageIds = services.steering.log.reset();
  if (messageIds.length > 0) logger.info(`${TAG} cleared ${messageIds.length} steering message(s) (${reason})`);
  services.events.publish("steering_cleared", { messageIds, reason });
  return messageIds;
}

/** Conversations longer than this are summarised before the next model call. */
const COMPACTION_THRESHOLD = 160;

const SUMMARY_PROMPT =
  "Summarise the conversation below for the agent that will continue it: goals, decisions, open work, file paths. Be terse.";

/**
 * Replaces a long history with a summary written by a compaction sub-execution.
 * @param {import("../agent/graph.js").GraphState} state
 */
async function compactConversation(state) {
  const compactor = state.execution.fork({ agentName: "context-compaction", skipHooks: true });
  const transcript = state.messages.map((m) => `${m.role}: ${m.text}`).join("\n");
  const summary = await state.runner.run(compactor, `${SUMMARY_PROMPT}\n\n${transcript}`);
  logger.info(`compacted ${state.messages.length} messages of ${state.execution.agentName}`);
  return {
    ...state,
    messages: [state.messages[0], { role: "user", text: `Summary of the work so far:\n${summary}` }],
  };
}

const MODEL_INVOKE = "MODEL_INVOKE";
const TOOL_EXECUTION = "TOOL_EXECUTION";
const END = "__end__";

const MAX_STEERING_REENTRIES = 3;
const MAX_HOPS = 80;

/**
 * @typedef {{ role: string, text: string }} Message
 * @typedef {{ execution: import("./agent-execution.js").AgentExecution, messages: Message[], iteration: number,
 *   response?: { text: string, toolCalls: any[] }, runner: any, session: any }} GraphState
 */

/**
 * End of turn: a final response with steering still queued for the execution
 * goes back through MODEL_INVOKE, at most MAX_STEERING_REENTRIES times.
 * @param {GraphState} state
 * @param {{ continueTarget: string, endTarget: string }} targets
 */
function routeEndOfTurn(state, targets) {
  const { execution } = state;
  if (!execution.hasQueuedUserMessage()) return targets.endTarget;
  if (execution.drainRetryCount >= MAX_STEERING_REENTRIES) {
    logger.warn(`${TAG} ${execution.agentName}: steering still queued after ${execution.drainRetryCount} re-entries, ending`);
    return targets.endTarget;
  }
  execution.drainRetryCount++;
  logger.info(`${TAG} Queued user message found - continuing`);
  return targets.continueTarget;
}

/** @param {GraphState} state */
function withQueuedPrompts(state) {
  const queued = state.execution.drainQueuedUserMessages();
  if (queued.length === 0) return state;
  logger.debug(`appending ${queued.length} queued steering prompt(s) for ${state.execution.agentName}`);
  return { ...state, messages: state.messages.concat(queued.map((text) => ({ role: "user", text }))), iteration: 0 };
}

/** @param {{ invoke: Function }} model */
function modelInvokeNode(model) {
  /** @param {GraphState} state */
  return async (state) => {
    let s = state;
    if (s.messages.length > COMPACTION_THRESHOLD) s = await compactConversation(s);
    await injectLiveSteering(s.execution);
    s = withQueuedPrompts(s);
    s.execution.state = s;
    let reply;
    try {
      reply = await model.invoke(s.execution, s.messages);
    } catch (err) {
      logger.error(`model call for ${s.execution.agentName} failed to settle`, err);
      clearSteeringAtTurnBoundary(s.execution.sessionServices, "model_settle_failure");
      throw err;
    }
    const text = reply?.text ?? "";
    return {
      ...s,
      iteration: s.iteration + 1,
      response: { text, toolCalls: reply?.toolCalls ?? [] },
      messages: [...s.messages, { role: "assistant", text }],
    };
  };
}

/** @param {Map<string, { run: Function }>} tools */
function toolExecutionNode(tools) {
  /** @param {GraphState} state */
  return async (state) => {
    const results = [];
    for (const call of state.response?.toolCalls ?? []) {
      const tool = tools.get(call.name);
      const output = tool ? await tool.run(call, state) : `unknown tool: ${call.name}`;
      results.push({ role: "tool", text: String(output) });
    }
    return { ...state, messages: [...state.messages, ...results] };
  };
}

/**
 * @param {{ model: { invoke: Function }, tools: Map<string, { run: Function }> }} deps
 */
function createAgentGraph({ model, tools }) {
  const nodes = {
    [MODEL_INVOKE]: modelInvokeNode(model),
    [TOOL_EXECUTION]: toolExecutionNode(tools),
  };
  const edges = {
    /** @param {GraphState} s */
    [MODEL_INVOKE]: (s) =>
      s.response && s.response.toolCalls.length > 0
        ? TOOL_EXECUTION
        : routeEndOfTurn(s, { continueTarget: MODEL_INVOKE, endTarget: END }),
    [TOOL_EXECUTION]: () => MODEL_INVOKE,
  };
  return {
    /** @param {GraphState} initial */
    async invoke(initial) {
      let state = initial;
      let node = MODEL_INVOKE;
      for (let hop = 0; node !== END; hop++) {
        if (hop === MAX_HOPS) {
          logger.warn(`hop limit reached in ${state.execution.agentName}`);
          break;
        }
        if (state.execution.abortController.signal.aborted) break;
        state = await nodes[node](state);
        node = edges[node](state);
      }
      return state;
    },
  };
}

/** Runs executions of one session through the agent graph. */
class ExecutionRunner {
  /**
   * @param {{ model: { invoke: Function }, tools: Map<string, { run: Function }>, session: object }} deps
   */
  constructor({ model, tools, session }) {
    this.graph = createAgentGraph({ model, tools });
    this.session = session;
  }

  /**
   * @param {import("./agent-execution.js").AgentExecution} execution
   * @param {string} prompt
   * @returns {Promise<string>} the execution's final text
   */
  async run(execution, prompt) {
    const { executions, hooks } = execution.sessionServices;
    executions.set(execution.executionId, execution);
    try {
      if (!execution.skipHooks) await hooks.emit("agentSpawn", execution);
      const final = await this.graph.invoke({
        execution,
        messages: [{ role: "user", text: prompt }],
        iteration: 0,
        runner: this,
        session: this.session,
      });
      if (!execution.skipHooks) await hooks.emit("stop", execution);
      return final.response?.text ?? "";
    } finally {
      executions.delete(execution.executionId);
    }
  }
}

const MEMORY_AGENT = "memory-extraction";

const PROMPT =
  "From the turn that just ended, list facts worth remembering across sessions (user preferences, project conventions). One per line; nothing if none.";

/**
 * Post-turn memory extraction, run as a hook-less sub-execution of the
 * execution that finished the turn.
 * @param {import("../agent/agent-execution.js").AgentExecution} turnExecution
 * @param {import("../agent/runner.js").ExecutionRunner} runner
 */
async function extractMemories(turnExecution, runner) {
  const extractor = turnExecution.fork({ agentName: MEMORY_AGENT, skipHooks: true });
  try {
    const lines = (await runner.run(extractor, PROMPT)).split("\n").filter((l) => l.trim());
    logger.debug(`memory extraction produced ${lines.length} candidate(s)`);
  } catch (err) {
    logger.warn(`memory extraction failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Tools that post into the session's steering channel. */
const steerTools = [
  {
    name: "user_steer",
    /** @param {{ text?: string }} call */
    async run(call, state) {
      return `queued ${state.session.steer(call.text ?? "").id}`;
    },
  },
  {
    name: "notify",
    /** @param {{ text?: string }} call */
    async run(call, state) {
      return `posted ${state.session.steer(call.text ?? "", "workflow").id}`;
    },
  },
];

const MAX_SUBAGENT_DEPTH = 4;

/** invoke_sub_agent: runs a named sub-agent to completion and returns its final text. */
const invokeSubAgentTool = {
  name: "invoke_sub_agent",
  /**
   * @param {{ input?: { subagentId?: string, prompt?: string } }} call
   * @param {import("../agent/graph.js").GraphState} state
   */
  async run(call, state) {
    const { subagentId, prompt = "" } = call.input ?? {};
    if (!subagentId) return "invoke_sub_agent: subagentId is required";
    const parent = state.execution;
    if (parent.subExecutionDepth >= MAX_SUBAGENT_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUBAGENT_DEPTH} reached; ${subagentId} not started`);
      return `invoke_sub_agent: nesting deeper than ${MAX_SUBAGENT_DEPTH} is not allowed`;
    }
    const child = parent.fork({ agentName: subagentId });
    logger.info(`[SubAgentGraph] ${parent.agentName} started ${subagentId} (${child.executionId.slice(0, 8)})`);
    const output = await state.runner.run(child, prompt);
    // result is back: the child handled what it was given
    const log = parent.sessionServices.steering.log;
    for (const id of child.deliveredSteering) log.recordHandler(id, child.executionId);
    return output || `${subagentId} finished without output`;
  },
};

function defaultTools() {
  return new Map([invokeSubAgentTool, ...steerTools].map((tool) => [tool.name, tool]));
}

/**
 * @typedef {"user" | "notification"} SteeringKind
 * @typedef {{ id: string, kind: SteeringKind, text: string, source: string, handlers: Set<string>, at: number }} SteeringEntry
 */

const NOTIFICATION_TEXT = /^\s*\[notification\/\w+\]/;

/**
 * The session's live-steering log: every execution of the session reads it
 * through `sessionServices.steering.log`, each from its own reader index.
 * Indexes start over at 0 when the log is reset at a turn boundary.
 */
class SteeringLog {
  /** @type {SteeringEntry[]} */
  #entries = [];
  /** @type {Map<string, SteeringEntry>} */
  messageById = new Map();

  /** The index the next appended message will take (= number of messages held). */
  get nextIndex() {
    return this.#entries.length;
  }

  /** @param {number} index */
  at(index) {
    return this.#entries[index];
  }

  /**
   * @param {string} text
   * @param {string} source "user" for typed text; anything else is a notification
   * @returns {SteeringEntry}
   */
  append(text, source) {
    /** @type {SteeringKind} */
    const kind = source === "user" && !NOTIFICATION_TEXT.test(text) ? "user" : "notification";
    const entry = {
      id: steeringMessageId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      source,
      handlers: new Set(),
      at: Date.now(),
    };
    this.#entries.push(entry);
    this.messageById.set(entry.id, entry);
    return entry;
  }

  /**
   * Acknowledgment: `executionId` handled the message.
   * @param {string} messageId
   * @param {string} executionId
   */
  recordHandler(messageId, executionId) {
    this.messageById.get(messageId)?.handlers.add(executionId);
  }

  isHandled(t) {
    let r = this.messageById.get(t);
    return r !== void 0 && r.handlers.size > 0;
  }

  /** Empties the log; returns the ids it held. */
  reset() {
    const ids = this.#entries.map((e) => e.id);
    this.#entries = [];
    this.messageById = new Map();
    return ids;
  }
}

/**
 * @typedef {object} SessionServices
 * @property {{ log: SteeringLog, epoch: number }} steering
 * @property {Map<string, import("../agent/agent-execution.js").AgentExecution>} executions running executions by id
 * @property {HookBus} hooks
 * @property {UpdatePublisher} events
 */

class HookBus {
  /** @param {Array<(event: string, execution: object) => unknown>} listeners */
  constructor(listeners = []) {
    this.listeners = listeners;
  }

  async emit(event, execution) {
    for (const listener of this.listeners) await listener(event, execution);
  }
}

/** ACP `session_info_update` notifications about steering, for one session. */
class UpdatePublisher {
  /** @param {string} sessionId @param {(n: object) => void} [send] */
  constructor(sessionId, send) {
    this.sessionId = sessionId;
    this.send = send;
    this.ownedExecutionId = undefined;
    /** @type {object[]} */
    this.history = [];
  }

  setOwnedExecutionId(id) {
    this.ownedExecutionId = id;
  }

  /**
   * @param {"steering_queued"|"steering_injected"|"steering_cleared"} kind
   * @param {object} detail
   */
  publish(kind, detail) {
    const notification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...detail } } },
    };
    if (this.history.push(notification) > 500) this.history.splice(0, 100);
    this.send?.(notification);
  }
}

/**
 * @param {{ sessionId: string, hooks?: Array<Function>, send?: (n: object) => void }} options
 * @returns {SessionServices}
 */
function createSessionServices({ sessionId, hooks, send }) {
  return {
    steering: { log: new SteeringLog(), epoch: 0 },
    executions: new Map(),
    hooks: new HookBus(hooks),
    events: new UpdatePublisher(sessionId, send),
  };
}

const MAX_ROOT_CONTINUATIONS = 2;
const CONTINUATION_PROMPT = "More guidance from the user arrived after your reply. Continue with it.";

/**
 * `_session/steer/clear` and its in-process twin: clear through the
 * turn-boundary helper and bump the steering epoch.
 * @param {AcpSession} session
 * @param {string} reason
 */
function clearSessionSteering(session, reason) {
  const messageIds = clearSteeringAtTurnBoundary(session.sessionServices, reason);
  session.sessionServices.steering.epoch += 1;
  return { cleared: true, messageIds };
}

/** One ACP session of the agent server. */
class AcpSession {
  #runner;
  #abort = new AbortController();

  /**
   * @param {{ invoke: Function }} model
   * @param {{ sessionId?: string, cwd?: string, hooks?: Function[], send?: (n: object) => void }} [options]
   */
  constructor(model, options = {}) {
    this.sessionId = options.sessionId ?? sessionId();
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

/** @type {Map<string, import("../session/acp-session.js").AcpSession>} */
const liveSessions = new Map();

/** @param {import("../session/acp-session.js").AcpSession} session */
function trackSession(session) {
  liveSessions.set(session.sessionId, session);
  return () => liveSessions.delete(session.sessionId);
}

function rpcError(code, message) {
  return Object.assign(new Error(message), { code });
}

function sessionOf(params) {
  const session = liveSessions.get(params?.sessionId);
  if (!session) throw rpcError(-32602, `Session not found: ${params?.sessionId}`);
  return session;
}

const handlers = {
  "_session/steer": (params) => {
    const entry = sessionOf(params).steer(String(params.text ?? ""));
    return { queued: true, messageId: entry.id };
  },
  "_session/steer/clear": ({ sessionId }) => clearSessionSteering(sessionOf({ sessionId }), "client_clear"),
};

/**
 * ACP extension methods.
 * @param {string} method
 * @param {Record<string, unknown>} params
 */
async function handleExtMethod(method, params) {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler) {
    logger.warn(`extension method not handled: ${method}`);
    throw rpcError(-32601, `Method not found: ${method}`);
  }
  return handler(params ?? {});
}

// KAS entry module: dist/server/acp-server.js. The transport is wired by the
// launcher (--transport=stdio); this module exports the session factory, the
// ACP extension-method handler and the in-memory log.

/**
 * @param {{ invoke: Function }} model
 * @param {ConstructorParameters<typeof AcpSession>[1]} [options]
 */
function createSession(model, options) {
  const session = new AcpSession(model, options);
  trackSession(session);
  return session;
}

export { createSession, handleExtMethod, logLines };
