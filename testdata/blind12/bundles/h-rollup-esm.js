import { randomUUID, randomBytes } from 'node:crypto';

/** @type {string[]} lines written by the server, newest last */
const logLines = [];

const sinks = new Set();

function emit(level, message) {
  const line = `${level} ${message}`;
  logLines.push(line);
  for (const sink of sinks) sink(line);
}

const logger = {
  info: (message) => emit("INFO", message),
  warn: (message) => emit("WARN", message),
  error: (message) => emit("ERROR", message),
  debug: (message) => {
    if (process.env.KAS_DEBUG === "1") emit("DEBUG", message);
  },
};

/** Kiro's `_`-prefixed ACP extension methods. */
function createExtMethodHandler(sessions) {
  const handlers = {
    async "_session/steer/clear"({ sessionId }) {
      const session = sessions.get(sessionId);
      if (!session) throw Object.assign(new Error(`Session not found: ${sessionId}`), { code: -32002 });
      const { messageIds } = session.clearAtTurnBoundary("user_clear");
      session.steeringEpoch += 1;
      return { cleared: true, messageIds };
    },
  };
  return async function handleExtMethod(method, params = {}) {
    const handler = handlers[method];
    if (!handler) {
      logger.warn(`[AcpServer] unhandled ext method ${method}`);
      throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
    }
    return handler(params);
  };
}

/** `session/update` notifications: steering state is reported as session_info_update with _meta.kiro. */
class SessionUpdateChannel {
  constructor(sessionId, transport) {
    this.sessionId = sessionId;
    this.transport = transport;
    this.sent = 0;
  }

  send(kind, messageIds, extra = {}) {
    this.sent += 1;
    const notification = {
      method: "session/update",
      params: {
        sessionId: this.sessionId,
        update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, messageIds, ...extra } } },
      },
    };
    this.transport?.notify?.(notification);
    return notification;
  }
}

let sequence = 0;

/** `steer-…` / `notify-…`: a sequence number then random bits, all hex. */
function steeringId(prefix) {
  sequence = (sequence + 1) >>> 0;
  return `${prefix}-${sequence.toString(16).padStart(4, "0")}${randomBytes(4).toString("hex")}`;
}

const executionId = () => randomUUID();

/**
 * One run of an agent graph. Sub-agents and background agents (memory extraction) are
 * forked from the execution that starts them and share its session services.
 */
class AgentExecution {
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
    this.executionId = executionId();
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

const MODEL_INVOKE = "MODEL_INVOKE";
const TOOLS = "TOOLS";
const FINAL_RESPONSE = "FINAL_RESPONSE";
const END = "__end__";

const MAX_DRAIN_RETRIES = 3;
const RECURSION_LIMIT = 50;

/** Conditional edge after the model answered with no tool call. */
function routeFinalResponse(state, targets) {
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount++ < MAX_DRAIN_RETRIES) {
      logger.info("[LiveSteeringHook] Queued user message found - continuing");
      return targets.continueTarget;
    }
    logger.warn(`[LiveSteeringHook] ${state.execution.agentName}: drain retries exhausted, ending turn`);
  }
  state.execution.drainRetryCount = 0;
  return targets.endTarget;
}

/** A small state graph: nodes return a partial state; edges pick the next node. */
class AgentGraph {
  constructor() {
    this.nodes = new Map();
    this.edges = new Map();
  }

  addNode(name, fn) {
    this.nodes.set(name, fn);
    return this;
  }

  addEdge(from, to) {
    this.edges.set(from, () => to);
    return this;
  }

  addConditionalEdges(from, router) {
    this.edges.set(from, router);
    return this;
  }

  async invoke(initial) {
    let state = initial;
    let node = MODEL_INVOKE;
    for (let steps = 0; node !== END; steps++) {
      if (steps >= RECURSION_LIMIT) {
        logger.warn(`[AgentGraph] recursion limit reached in ${state.execution.agentName}`);
        break;
      }
      state = { ...state, ...(await this.nodes.get(node)(state)) };
      node = this.edges.get(node)(state);
    }
    return state;
  }
}

/**
 * @param {{ model: { invoke(execution: object, context: object[]): Promise<object> },
 *   systemHooks: object[], tools: Map<string, Function>, onSettleFailure: (e: unknown) => void }} deps
 */
function buildAgentGraph({ model, systemHooks, tools, onSettleFailure }) {
  const graph = new AgentGraph();

  graph.addNode(MODEL_INVOKE, async (state) => {
    const { execution } = state;
    for (const hook of systemHooks) await hook.beforeModelInvoke(execution);
    if (!execution.skipHooks) {
      for (const hook of execution.sessionServices.userHooks) await hook.beforeModelInvoke?.(execution);
    }
    let context = state.context;
    for (let next = execution.dequeueUserMessage(); next !== undefined; next = execution.dequeueUserMessage()) {
      context = [...context, { role: "user", text: next }];
    }
    let response;
    try {
      response = await model.invoke(execution, context);
    } catch (error) {
      onSettleFailure(error);
      throw error;
    }
    execution.state = state;
    return { context, response, iteration: state.iteration + 1 };
  });

  graph.addNode(TOOLS, async (state) => {
    let context = state.context;
    for (const call of state.response.toolCalls ?? []) {
      const run = tools.get(call.name);
      const output = run ? await run(state, call) : `unknown tool ${call.name}`;
      if (!run) logger.warn(`[Tools] unknown tool ${call.name}`);
      context = [...context, { role: "tool", text: String(output ?? "") }];
    }
    return { context };
  });

  graph.addNode(FINAL_RESPONSE, async (state) => ({ finalText: state.response.text ?? "" }));

  graph.addConditionalEdges(MODEL_INVOKE, (state) => (state.response.toolCalls?.length ? TOOLS : FINAL_RESPONSE));
  graph.addEdge(TOOLS, MODEL_INVOKE);
  graph.addConditionalEdges(FINAL_RESPONSE, (state) =>
    routeFinalResponse(state, { continueTarget: MODEL_INVOKE, endTarget: END }),
  );
  return graph;
}

/** Runs one execution to completion and returns its final text. */
async function runExecution(graph, execution, prompt) {
  const final = await graph.invoke({ execution, context: [{ role: "user", text: prompt }], iteration: 0 });
  return final.finalText ?? "";
}

// Wording the model sees for a live-steering message.

const TEMPLATES = {
  recap: (m) =>
    `While you delegated work to subagent(s), the user sent the message below, and a subagent already acted on it. Check their results against it.\n[STEERING ${m.id}] ${m.text}`,
  active: (m) =>
    `The user sent the message below while you were working. Adjust your approach as the currently active agent.\n[STEERING ${m.id}] ${m.text}`,
  info: (m) => `Informational only; nothing to answer.\n[NOTIFY ${m.id}] ${m.text}`,
};

function templateFor(exec, msg) {
  if (msg.kind !== "user") return "info";
  for (const handler of msg.handlers) if (handler !== exec.executionId) return "recap";
  return "active";
}

function renderSteeringNotice(exec, msg) {
  return TEMPLATES[templateFor(exec, msg)](msg);
}

/**
 * System hook run before every model call of every execution (system hooks ignore
 * `skipHooks`, which only silences the user's configured hooks).
 */
class LiveSteeringHook {
  constructor({ logger, telemetry, updates }) {
    this.logger = logger;
    this.telemetry = telemetry;
    this.updates = updates;
  }

  get name() {
    return "live-steering";
  }

  async beforeModelInvoke(execution) {
    const delivered = this.drain(execution);
    if (delivered.length > 0) {
      this.updates.send("steering_injected", delivered, { executionId: execution.executionId });
      this.updates.send("steering_cleared", delivered, { executionId: execution.executionId });
    }
  }

  drain(execution) {
    const queue = execution.sessionServices.liveSteering;
    const unread = queue.messages.slice(execution.steeringReaderIndex);
    const delivered = [];
    for (const message of unread) {
      execution.steeringReaderIndex += 1;
      execution.queueUserMessage(renderSteeringNotice(execution, message));
      execution.receivedSteering.push(message.id);
      delivered.push(message.id);
      this.telemetry.count("steering.delivered", { kind: message.kind, depth: execution.subExecutionDepth });
      this.logger.info(
        `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`,
      );
    }
    return delivered;
  }
}

const MAX_SUB_AGENT_DEPTH = 5;

/** invoke_sub_agent: runs a named sub-agent to completion inside the calling execution. */
function createSubAgentTool(getGraph) {
  return async function invokeSubAgent(state, call) {
    const { subagentId, prompt = "" } = call.input ?? {};
    const parent = state.execution;
    if (parent.subExecutionDepth >= MAX_SUB_AGENT_DEPTH) {
      logger.warn(`[SubAgentGraph] depth limit ${MAX_SUB_AGENT_DEPTH} reached, not starting ${subagentId}`);
      return "Sub-agent nesting depth limit exceeded";
    }
    const child = parent.fork({ agentName: subagentId });
    logger.debug(`[SubAgentGraph] ${parent.agentName} -> ${subagentId} (${child.executionId.slice(0, 8)})`);
    try {
      return await runExecution(getGraph(), child, prompt);
    } finally {
      const queue = parent.sessionServices.liveSteering;
      for (const id of child.receivedSteering) queue.acknowledge(id, child.executionId);
      parent.children.delete(child);
    }
  };
}

/** Tools through which a run relays steering typed by the user or raised by a workflow. */
function createSteeringTools(session) {
  return {
    user_steer: async (_state, call) => `queued ${session.steer(call.text ?? "").id}`,
    notify: async (_state, call) => `notified ${session.steer(call.text ?? "", "workflow").id}`,
  };
}

/**
 * @typedef {"user" | "workflow" | "system"} SteeringKind
 * @typedef {{ id: string, kind: SteeringKind, text: string, handlers: Set<string>, queuedAt: number }} SteeringMessage
 */

const NOTIFICATION_TEXT = /^\s*\[notification\/(?:info|success|warning|error)\]/;

/** The session's live-steering queue. It is never popped: each execution reads it from its own cursor. */
class SteeringQueue {
  constructor() {
    /** @type {SteeringMessage[]} */
    this.messages = [];
    /** @type {Map<string, SteeringMessage>} */
    this.messageById = new Map();
    this.listeners = [];
  }

  /**
   * @param {string} text
   * @param {string} [origin]
   * @returns {SteeringMessage}
   */
  enqueue(text, origin = "user") {
    /** @type {SteeringKind} */
    let kind = "user";
    if (origin === "workflow") kind = "workflow";
    else if (origin !== "user" || NOTIFICATION_TEXT.test(text)) kind = "system";
    const message = {
      id: steeringId(kind === "user" ? "steer" : "notify"),
      kind,
      text,
      handlers: new Set(),
      queuedAt: Date.now(),
    };
    this.messages.push(message);
    this.messageById.set(message.id, message);
    for (const listener of this.listeners) listener("queued", [message.id]);
    return message;
  }

  acknowledge(id, executionId) {
    const message = this.messageById.get(id);
    if (message === undefined) return;
    message.handlers.add(executionId);
  }

  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  /** @returns {string[]} ids removed */
  clear() {
    const ids = this.messages.map((m) => m.id);
    this.messages = [];
    this.messageById.clear();
    for (const listener of this.listeners) listener("cleared", ids);
    return ids;
  }

  onChange(listener) {
    this.listeners.push(listener);
  }
}

/** Histogram-free telemetry: named counters and the last value of a few gauges. */
class Telemetry {
  #counters = new Map();
  #gauges = new Map();

  count(name, tags = {}) {
    const key = Object.keys(tags).length ? `${name}{${Object.entries(tags).map(([k, v]) => `${k}=${v}`).join(",")}}` : name;
    this.#counters.set(key, (this.#counters.get(key) ?? 0) + 1);
  }

  gauge(name, value) {
    this.#gauges.set(name, value);
  }

  flush() {
    const out = { counters: Object.fromEntries(this.#counters), gauges: Object.fromEntries(this.#gauges) };
    this.#counters.clear();
    return out;
  }
}

/**
 * @typedef {{ liveSteering: SteeringQueue, telemetry: Telemetry, userHooks: object[], settings: object }} SessionServices
 */

/** @returns {SessionServices} */
function createSessionServices(settings) {
  return Object.seal({
    liveSteering: new SteeringQueue(),
    telemetry: new Telemetry(),
    userHooks: settings.hooks ?? [],
    settings,
  });
}

const MEMORY_AGENT = "memory-extraction";

const PROMPT = "Extract durable memories (user preferences, project conventions) from the turn above. Answer 'none' if there are none.";

/** Background memory extraction after a turn; never fails the turn. */
async function extractMemories(graph, fromExecution, settings) {
  if (settings?.memory?.enabled === false) return undefined;
  const extraction = fromExecution.fork({ agentName: MEMORY_AGENT, skipHooks: true });
  try {
    return await runExecution(graph, extraction, PROMPT);
  } catch (error) {
    logger.warn(`[MemoryExtraction] failed: ${error?.message ?? error}`);
    return undefined;
  } finally {
    fromExecution.children.delete(extraction);
  }
}

const CONTINUATION_PROMPT = "Continue. The user added guidance after your last answer; take it into account.";

/** One prompt turn: the root run, a continuation if steering arrived at the very end, then memory extraction. */
async function runPromptTurn(session, text) {
  const { graph, sessionServices: services } = session;
  let D = session.createRootExecution();
  session.eventAdapter.setOwnedExecutionId(D.executionId);
  let answer = await runExecution(graph, D, text);
  const N = D.steeringReaderIndex;
  const O = N < services.liveSteering.messages.length;
  if (O) {
    D = session.createRootExecution();
    D.setSteeringReaderIndex(N);
    session.eventAdapter.setOwnedExecutionId(D.executionId);
    answer = await runExecution(graph, D, CONTINUATION_PROMPT);
  }
  await extractMemories(graph, D, services.settings);
  return answer;
}

class Session {
  constructor(model, { settings = {}, transport } = {}) {
    this.sessionId = randomUUID();
    this.sessionServices = createSessionServices(settings);
    this.updates = new SessionUpdateChannel(this.sessionId, transport);
    this.promptContext = { cwd: settings.cwd ?? process.cwd(), variables: {} };
    this.abortController = new AbortController();
    this.steeringEpoch = 0;
    this.turnInFlight = false;
    this.eventAdapter = {
      ownedExecutionId: undefined,
      setOwnedExecutionId(id) {
        this.ownedExecutionId = id;
      },
    };
    const tools = new Map(Object.entries(createSteeringTools(this)));
    tools.set("invoke_sub_agent", createSubAgentTool(() => this.graph));
    this.graph = buildAgentGraph({
      model,
      tools,
      systemHooks: [
        new LiveSteeringHook({ logger, telemetry: this.sessionServices.telemetry, updates: this.updates }),
      ],
      onSettleFailure: (error) => {
        logger.error(`[Session] model response did not settle: ${error?.message ?? error}`);
        this.clearAtTurnBoundary("model_settle_failed");
      },
    });
  }

  createRootExecution() {
    return new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.abortController.signal,
      agentName: "chat-agent",
    });
  }

  steer(text, origin = "user") {
    const message = this.sessionServices.liveSteering.enqueue(text, origin);
    this.updates.send("steering_queued", [message.id], { kind: message.kind });
    return message;
  }

  /** Turn-boundary helper: empties the session's steering; live cursors are left where they are. */
  clearAtTurnBoundary(reason) {
    const messageIds = this.sessionServices.liveSteering.clear();
    if (messageIds.length) this.updates.send("steering_cleared", messageIds, { reason });
    logger.debug(`[Session] steering cleared (${reason}, ${messageIds.length})`);
    return { reason, messageIds };
  }

  clearSteering(reason) {
    return this.clearAtTurnBoundary(reason);
  }

  cancel() {
    this.abortController.abort(new Error("cancelled"));
    this.clearAtTurnBoundary("cancel");
    this.abortController = new AbortController();
  }

  async prompt(text) {
    this.turnInFlight = true;
    try {
      const answer = await runPromptTurn(this, text);
      this.clearAtTurnBoundary("turn_end");
      return { stopReason: "end_turn", text: answer };
    } catch (error) {
      this.clearAtTurnBoundary("prompt_error");
      throw error;
    } finally {
      this.turnInFlight = false;
    }
  }
}

// Entry of dist/server/acp-server.js

const sessions = new Map();

function createSession(model, options) {
  const session = new Session(model, options);
  sessions.set(session.sessionId, session);
  return session;
}

const handleExtMethod = createExtMethodHandler(sessions);

export { createSession, handleExtMethod, logLines };
